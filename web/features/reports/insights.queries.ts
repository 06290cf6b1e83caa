import { useQuery } from "@tanstack/react-query";
import type { ReportPeriod } from "#core/report-periods.ts";
import type { Report, TeamInsights, TeamSummary } from "#core/schemas/reports.ts";
import { api } from "#web/lib/api.ts";

const reportKeys = {
  summary: (companyId: string | null) => ["team-summary", companyId] as const,
  report: (period: ReportPeriod, companyId: string | null) => ["report", period, companyId] as const,
  insights: (companyId: string | null) => ["team-insights", companyId] as const,
};

function scope(companyId: string | null): string {
  return companyId ? `companyId=${encodeURIComponent(companyId)}` : "";
}

export function useTeamSummary(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: reportKeys.summary(companyId),
    queryFn: () => api<TeamSummary>(`/api/team/summary${companyId ? `?${scope(companyId)}` : ""}`),
    enabled,
  });
}

export function useReport(period: ReportPeriod, companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: reportKeys.report(period, companyId),
    queryFn: () => api<Report>(`/api/reports?period=${period}${companyId ? `&${scope(companyId)}` : ""}`),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export function useTeamInsights(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: reportKeys.insights(companyId),
    queryFn: () => api<TeamInsights>(`/api/reports/insights${companyId ? `?${scope(companyId)}` : ""}`),
    enabled,
  });
}
