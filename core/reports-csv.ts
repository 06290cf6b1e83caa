/**
 * The reports' CSV export (docs/design.md §4.4 and 5): one row per day of the period
 * with aggregate columns only, and the mood, energy and stress left empty
 * wherever the server withheld them (docs/decisions/014, 023). Shaped for a spreadsheet opened in Brazil: UTF-8 with a BOM,
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
  "Energia média",
  "Estresse médio",
  "Exercícios concluídos",
] as const;

// No thousands separator: '1.234' would read as a decimal in a pt-BR spreadsheet.
const whole = (value: number) => formatNumber(value, { grouping: false });
const oneDecimal = (value: number) => formatNumber(value, { digits: 1, grouping: false });

type CsvDay = Pick<
  Report["series"][number],
  "day" | "checkIns" | "participation" | "averageMood" | "averageEnergy" | "averageStress" | "exercises"
>;
const scale = (value: number | null) => (value === null ? "" : oneDecimal(value));

export function buildReportCsv(report: { members: number; series: CsvDay[] }): string {
  const rows = report.series.map((day) =>
    [
      formatDayPtBR(day.day),
      whole(report.members),
      whole(day.checkIns),
      oneDecimal(day.participation),
      scale(day.averageMood),
      scale(day.averageEnergy),
      scale(day.averageStress),
      whole(day.exercises),
    ].join(";"),
  );
  return `\uFEFF${[REPORT_CSV_HEADER.join(";"), ...rows].join("\r\n")}\r\n`;
}
