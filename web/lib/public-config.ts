/** GET /api/config: what the server tells every visitor (Google sign-in, contacts, privacy figures). */
import { useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api.ts";

export type PublicConfig = {
  googleEnabled: boolean;
  contactWhatsapp: string;
  /** The data protection officer (encarregado, LGPD art. 41). */
  dpo: { name: string; email: string };
  /** The smallest group whose mood figures are shown (docs/decisions/012). */
  minGroup: number;
  notesRetentionDays: number;
};

export function usePublicConfig() {
  return useQuery({
    queryKey: ["config"],
    queryFn: () => api<PublicConfig>("/api/config"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
