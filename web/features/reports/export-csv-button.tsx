import { Download } from "lucide-react";
import type { ReportPeriod } from "#core/report-periods.ts";
import { Button } from "#web/components/ui/button.tsx";

/**
 * Downloads the report's per-day aggregates as relatorio-<empresa>-<período>.csv,
 * built by the server from the published days (docs/decisions/014), which also
 * records the export in the audit log.
 */
export function ExportCsvButton({
  period,
  companyId,
  disabled,
}: {
  period: ReportPeriod;
  companyId?: string;
  disabled?: boolean;
}) {
  const query = new URLSearchParams({ period, ...(companyId ? { companyId } : {}) });
  return (
    <Button variant="secondary" asChild className={disabled ? "pointer-events-none opacity-60" : undefined}>
      <a href={`/api/reports/export.csv?${query}`} download aria-disabled={disabled || undefined}>
        <Download aria-hidden className="size-4" strokeWidth={1.75} />
        Exportar CSV
      </a>
    </Button>
  );
}
