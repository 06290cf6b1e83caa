/** GET/PUT/DELETE /api/admin/companies/:id/msteams (docs/decisions/095). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MsteamsConnectionInput, MsteamsSettings } from "#core/schemas/msteams.ts";
import { api } from "#web/lib/api.ts";

const msteamsKey = (companyId: string) => ["admin", "msteams", companyId] as const;
export const msteamsPath = (companyId: string) => `/api/admin/companies/${encodeURIComponent(companyId)}/msteams`;

export function useMsteamsSettings(companyId: string) {
  return useQuery({ queryKey: msteamsKey(companyId), queryFn: () => api<MsteamsSettings>(msteamsPath(companyId)) });
}

export function useSaveMsteams(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MsteamsConnectionInput) =>
      api<MsteamsSettings>(msteamsPath(companyId), { method: "PUT", body: input }),
    onSuccess: (answer) => queryClient.setQueryData(msteamsKey(companyId), answer),
  });
}

export function useRemoveMsteams(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ message: string }>(msteamsPath(companyId), { method: "DELETE" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: msteamsKey(companyId) }),
  });
}
