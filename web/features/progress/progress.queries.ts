import { useQuery } from "@tanstack/react-query";
import type { Activity, ProgressSummary } from "#core/schemas/progress.ts";
import { api } from "#web/lib/api.ts";
import { progressKeys } from "#web/lib/query-keys.ts";

export function useProgress() {
  return useQuery({ queryKey: progressKeys.summary, queryFn: () => api<ProgressSummary>("/api/progress") });
}

export function useActivities() {
  return useQuery({ queryKey: progressKeys.activities, queryFn: () => api<Activity[]>("/api/activities") });
}
