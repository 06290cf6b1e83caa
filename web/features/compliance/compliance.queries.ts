import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HarassmentFile } from "#core/schemas/compliance.ts";
import { api } from "#web/lib/api.ts";

const keys = { all: ["compliance"] as const, file: (companyId: string | null) => ["compliance", companyId] as const };

export const scopeQuery = (companyId: string | null) =>
  companyId ? `?companyId=${encodeURIComponent(companyId)}` : "";

export function useHarassmentFile(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: keys.file(companyId),
    queryFn: () => api<HarassmentFile>(`/api/compliance/harassment-file${scopeQuery(companyId)}`),
    enabled,
  });
}

type WriteReply = { message: string; id?: string; imported?: number; unknown?: string[] };

/** A write of the file: sends the company for an admin, then reads the file again. */
export function useComplianceWrite(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: Record<string, unknown> }) =>
      api<WriteReply>(path, { method: "POST", body: { ...body, ...(companyId ? { companyId } : {}) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
