/** GET/PUT/DELETE /api/admin/companies/:id/sso…: a company's single sign-on in Administração (docs/decisions/047). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SsoConfigInput, SsoSettings } from "#core/schemas/sso.ts";
import { api } from "#web/lib/api.ts";
import { adminKeys } from "./admin.queries.ts";

const ssoPath = (companyId: string) => `/api/admin/companies/${encodeURIComponent(companyId)}/sso`;

export function useSsoSettings(companyId: string) {
  return useQuery({ queryKey: adminKeys.sso(companyId), queryFn: () => api<SsoSettings>(ssoPath(companyId)) });
}

/** Every change answers the whole settings: they replace what the screen shows. */
function useSsoChange<T, R extends SsoSettings | { message: string }>(
  companyId: string,
  request: (input: T) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (settings) => {
      if ("sereno" in settings) queryClient.setQueryData(adminKeys.sso(companyId), settings as SsoSettings);
      else void queryClient.invalidateQueries({ queryKey: adminKeys.sso(companyId) });
    },
  });
}

export function useSaveSso(companyId: string) {
  return useSsoChange(companyId, (input: SsoConfigInput) =>
    api<SsoSettings>(ssoPath(companyId), { method: "PUT", body: input }),
  );
}

export function useRemoveSso(companyId: string) {
  return useSsoChange(companyId, () => api<{ message: string }>(ssoPath(companyId), { method: "DELETE" }));
}

export function useAddSsoDomain(companyId: string) {
  return useSsoChange(companyId, (domain: string) =>
    api<SsoSettings>(`${ssoPath(companyId)}/domains`, { body: { domain } }),
  );
}

export function useVerifySsoDomain(companyId: string) {
  return useSsoChange(companyId, ({ domainId, manual }: { domainId: string; manual: boolean }) =>
    api<SsoSettings>(`${ssoPath(companyId)}/domains/${encodeURIComponent(domainId)}/verify`, { body: { manual } }),
  );
}

export function useRemoveSsoDomain(companyId: string) {
  return useSsoChange(companyId, (domainId: string) =>
    api<SsoSettings>(`${ssoPath(companyId)}/domains/${encodeURIComponent(domainId)}`, { method: "DELETE" }),
  );
}
