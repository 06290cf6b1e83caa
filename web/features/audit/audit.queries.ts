/** GET /api/admin/audit: the Registro de acessos, one page per filter set. */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditPage, AuditQuery } from "#core/schemas/audit.ts";
import { api } from "#web/lib/api.ts";

const auditKeys = { page: (query: AuditQuery) => ["admin", "audit", query] as const };

export function useAuditPage(query: AuditQuery, enabled: boolean) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== "") params.set(key, String(value));
  return useQuery({
    queryKey: auditKeys.page(query),
    queryFn: () => api<AuditPage>(`/api/admin/audit?${params}`),
    enabled,
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}
