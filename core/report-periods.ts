/**
 * Report periods (spec 9) with their real number of days (docs/design.md §5).
 * Apart from core/schemas/reports.ts so the reports page reads them without
 * loading zod (scripts/js-budget.mjs, docs/decisions/021).
 */
export const reportPeriods = ["7d", "30d", "90d", "ytd"] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
export const reportPeriodLabels: Record<ReportPeriod, string> = {
  "7d": "Últimos 7 dias",
  "30d": "Últimos 30 dias",
  "90d": "Últimos 90 dias",
  ytd: "Ano até hoje",
};
