import { useQuery } from "@tanstack/react-query";
import type { Report, ReportPeriod, TeamInsights, TeamSummary } from "#core/schemas/reports.ts";
import { api } from "#web/lib/api.ts";

/** While the publishing job prepares closed days (issue 37), a screen asks again on its own now and then. */
const PREPARING_POLL_MS = 20_000;
const whilePreparing = (data: { preparingDays: number } | undefined) =>
  data && data.preparingDays > 0 ? PREPARING_POLL_MS : false;

function scope(companyId: string | null): string {
  return companyId ? `companyId=${encodeURIComponent(companyId)}` : "";
}

export function useTeamSummary(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: ["team-summary", companyId],
    queryFn: () => api<TeamSummary>(`/api/team/summary${companyId ? `?${scope(companyId)}` : ""}`),
    enabled,
    refetchInterval: (query) => whilePreparing(query.state.data),
  });
}

export function useReport(period: ReportPeriod, companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: ["report", period, companyId],
    queryFn: () => api<Report>(`/api/reports?period=${period}${companyId ? `&${scope(companyId)}` : ""}`),
    enabled,
    placeholderData: (previous) => previous,
    refetchInterval: (query) => whilePreparing(query.state.data),
  });
}

export function useTeamInsights(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: ["team-insights", companyId],
    queryFn: () => api<TeamInsights>(`/api/reports/insights${companyId ? `?${scope(companyId)}` : ""}`),
    enabled,
    refetchInterval: (query) => whilePreparing(query.state.data),
  });
}
