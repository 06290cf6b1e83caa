/** GET/POST/DELETE /api/admin/companies/:id/scim…: a company's SCIM provisioning (docs/decisions/048), read only once its section is opened. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedScimToken, ScimSettings, ScimToken } from "#core/schemas/scim.ts";
import { api } from "#web/lib/api.ts";
import { adminKeys } from "./admin.queries.ts";

const scimPath = (companyId: string) => `/api/admin/companies/${encodeURIComponent(companyId)}/scim`;

export function useScimSettings(companyId: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.scim(companyId),
    queryFn: () => api<ScimSettings>(scimPath(companyId)),
    enabled,
  });
}

export function useCreateScimToken(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<CreatedScimToken>(`${scimPath(companyId)}/token`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.scim(companyId) }),
  });
}

export function useRevokeScimToken(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ScimToken>(`${scimPath(companyId)}/token`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.scim(companyId) }),
  });
}
