/**
 * Configurações › Chaves de acesso: list, add, remove (docs/decisions/045). The recovery code's queries are in
 * recovery-code.queries.ts, which the dashboard reads too without the passkey ceremony.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Passkey, registrationOptionsSchema } from "#core/schemas/passkeys.ts";
import { api } from "#web/lib/api.ts";
import { makePasskey } from "#web/lib/passkey-ceremony.ts";

const passkeysKey = ["me", "passkeys"] as const;

export function usePasskeys() {
  return useQuery({ queryKey: passkeysKey, queryFn: () => api<{ items: Passkey[] }>("/api/me/passkeys") });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { challengeId, options } = await api<z.infer<typeof registrationOptionsSchema>>(
        "/api/me/passkeys/options",
        { method: "POST" },
      );
      const response = await makePasskey(options);
      return api<Passkey>("/api/me/passkeys", { body: { challengeId, response } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/api/me/passkeys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
