/** GET /api/admin/jobs and 'Executar agora' (docs/decisions/019). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminJob } from "#core/schemas/admin-jobs.ts";
import { api } from "#web/lib/api.ts";

const adminJobKeys = { all: ["admin", "jobs"] as const };

export function useAdminJobs(enabled: boolean) {
  return useQuery({
    queryKey: adminJobKeys.all,
    queryFn: () => api<AdminJob[]>("/api/admin/jobs"),
    enabled,
    refetchInterval: 30_000,
  });
}

export function useRunJobNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<{ message: string }>(`/api/admin/jobs/${encodeURIComponent(name)}/run`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminJobKeys.all }),
  });
}
