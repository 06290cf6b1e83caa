/** GET /api/config: what the server tells every visitor (Google sign-in, contacts, privacy figures). */
import { useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api.ts";

const configKey = ["config"] as const;

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
    queryKey: configKey,
    queryFn: () => api<PublicConfig>("/api/config"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
