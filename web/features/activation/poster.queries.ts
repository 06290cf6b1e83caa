/** The 'Cartaz de ativação' data: the company's /ativar address and its establishments. */
import { useQuery } from "@tanstack/react-query";
import type { ActivationPoster } from "#core/schemas/passkeys.ts";
import { api } from "#web/lib/api.ts";

const posterKeys = { poster: (companyId: string | null) => ["activation-poster", companyId] as const };

export function useActivationPoster(companyId: string | null) {
  const query = companyId ? `?companyId=${encodeURIComponent(companyId)}` : "";
  return useQuery({
    queryKey: posterKeys.poster(companyId),
    queryFn: () => api<ActivationPoster>(`/api/activation-poster${query}`),
  });
}
