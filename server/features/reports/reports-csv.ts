/**
 * The reports' CSV export (docs/design.md §4.4 and 5): one row per day of the period
 * with aggregate columns only, and the mood, energy and stress left empty
 * wherever the server withheld them (docs/decisions/014, 023). Written by
 * server/csv.ts, as every CSV is (docs/decisions/034).
 */
import { formatDayPtBR } from "#core/format.ts";
import type { Report } from "#core/schemas/reports.ts";
import { buildCsv, type CsvCell, decimal } from "#server/csv.ts";

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
const REPORT_CSV_HEADER = [
  "Data",
  "Membros",
  "Check-ins",
  "Participação (%)",
  "Humor médio",
  "Energia média",
  "Estresse médio",
  "Exercícios concluídos",
] as const;

type CsvDay = Pick<
  Report["series"][number],
  "day" | "checkIns" | "participation" | "averageMood" | "averageEnergy" | "averageStress" | "exercises"
>;
// One decimal, as the report screen shows them.
const oneDecimal = (value: number) => decimal(value, 1);
const scale = (value: number | null) => (value === null ? null : oneDecimal(value));

export function buildReportCsv(report: { members: number; series: CsvDay[] }): string {
  const rows = report.series.map((day): CsvCell[] => [
    formatDayPtBR(day.day),
    report.members,
    day.checkIns,
    scale(day.participation),
    scale(day.averageMood),
    scale(day.averageEnergy),
    scale(day.averageStress),
    day.exercises,
  ]);
  return buildCsv([REPORT_CSV_HEADER, ...rows]);
}
