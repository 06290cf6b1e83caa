/** 'Entrar com chave de acesso' (docs/decisions/045). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { authenticationOptionsSchema } from "#core/schemas/passkeys.ts";
import { api } from "#web/lib/api.ts";
import { signWithPasskey } from "#web/lib/passkey-ceremony.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";

/** Usernameless: the browser offers the Sereno passkeys it has; the server finds the account by the key. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { challengeId, options } = await api<z.infer<typeof authenticationOptionsSchema>>(
        "/api/passkeys/sign-in/options",
        { method: "POST" },
      );
      const response = await signWithPasskey(options);
      return api<{ ok: true }>("/api/passkeys/sign-in", { body: { challengeId, response } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
