import { useQuery } from "@tanstack/react-query";
import type { Activity, ProgressSummary } from "#core/schemas/progress.ts";
import { api } from "#web/lib/api.ts";

export const progressKeys = {
  all: ["progress"] as const,
  summary: ["progress", "summary"] as const,
  activities: ["progress", "activities"] as const,
};

export function useProgress() {
  return useQuery({ queryKey: progressKeys.summary, queryFn: () => api<ProgressSummary>("/api/progress") });
}

export function useActivities() {
  return useQuery({ queryKey: progressKeys.activities, queryFn: () => api<Activity[]>("/api/activities") });
}
