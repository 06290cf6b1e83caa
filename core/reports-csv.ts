/**
 * The reports' CSV export (docs/design.md §4.4 and 5): one row per day of the period
 * with aggregate columns only, and the mood left empty wherever the server
 * withheld it. Shaped for a spreadsheet opened in Brazil: UTF-8 with a BOM,
 * ';' between fields, CRLF line ends and the decimal comma.
 */
import { formatDayPtBR, formatNumber } from "./format.ts";
import type { Report } from "./schemas/reports.ts";

/** relatorio-<empresa>-<período>.csv, so several exports never overwrite each other (docs/design.md §5). */
export function reportCsvFilename(companyName: string, period: string): string {
  const slug = companyName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `relatorio-${slug || "empresa"}-${period}.csv`;
}
export const REPORT_CSV_HEADER = [
  "Data",
  "Membros",
  "Check-ins",
  "Participação (%)",
  "Humor médio",
  "Exercícios concluídos",
] as const;

// No thousands separator: '1.234' would read as a decimal in a pt-BR spreadsheet.
const whole = (value: number) => formatNumber(value, { grouping: false });
const oneDecimal = (value: number) => formatNumber(value, { digits: 1, grouping: false });

type CsvDay = Pick<Report["series"][number], "day" | "checkIns" | "participation" | "averageMood" | "exercises">;

export function buildReportCsv(report: { members: number; series: CsvDay[] }): string {
  const rows = report.series.map((day) =>
    [
      formatDayPtBR(day.day),
      whole(report.members),
      whole(day.checkIns),
      oneDecimal(day.participation),
      day.averageMood === null ? "" : oneDecimal(day.averageMood),
      whole(day.exercises),
    ].join(";"),
  );
  return `\uFEFF${[REPORT_CSV_HEADER.join(";"), ...rows].join("\r\n")}\r\n`;
}
