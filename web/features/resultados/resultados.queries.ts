import { useQuery } from "@tanstack/react-query";
import type { Resultados } from "#core/schemas/resultados.ts";
import { api } from "#web/lib/api.ts";

/** Resultados of the manager's company, or of the admin's chosen one (docs/decisions/088). */
export function useResultados(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: ["resultados", companyId] as const,
    queryFn: () => api<Resultados>(`/api/resultados${companyId ? `?companyId=${encodeURIComponent(companyId)}` : ""}`),
    enabled,
  });
}
