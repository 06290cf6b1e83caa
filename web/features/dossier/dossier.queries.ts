import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Dossier } from "#core/schemas/dossier.ts";
import { api } from "#web/lib/api.ts";

const keys = { all: ["dossier"] as const, one: (companyId: string | null) => ["dossier", companyId] as const };

export const dossierScope = (companyId: string | null) =>
  companyId ? `?companyId=${encodeURIComponent(companyId)}` : "";

export function useDossier(companyId: string | null) {
  return useQuery({
    queryKey: keys.one(companyId),
    queryFn: () => api<Dossier>(`/api/dossier${dossierScope(companyId)}`),
  });
}

/** A write of the dossier (a goal, a review, a notice): sends the company for an admin, then reads it again. */
export function useDossierWrite(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: Record<string, unknown> }) =>
      api<{ message: string; id: string }>(path, {
        method: "POST",
        body: { ...body, ...(companyId ? { companyId } : {}) },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
