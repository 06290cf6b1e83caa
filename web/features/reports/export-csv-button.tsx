import { Download } from "lucide-react";
import { toast } from "sonner";
import { buildReportCsv, REPORT_CSV_FILENAME } from "#core/reports-csv.ts";
import type { Report } from "#core/schemas/reports.ts";
import { Button } from "#web/components/ui/button.tsx";

/** Saves the report's per-day aggregates as relatorio.csv, built here in the browser (spec 7, DESIGN 4.4). */
function downloadCsv(report: Report) {
  const blob = new Blob([buildReportCsv(report)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = REPORT_CSV_FILENAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportCsvButton({ report, disabled }: { report: Report; disabled?: boolean }) {
  return (
    <Button
      variant="secondary"
      disabled={disabled}
      onClick={() => {
        downloadCsv(report);
        toast.success("Relatório exportado", { description: "relatorio.csv, com os números de cada dia do período." });
      }}
    >
      <Download aria-hidden className="size-4" strokeWidth={1.75} />
      Exportar CSV
    </Button>
  );
}
