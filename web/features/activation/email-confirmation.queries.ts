/** /confirmar-email (docs/decisions/066): opening the link mailed to a personal e-mail given at /ativar. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { emailConfirmedSchema } from "#core/schemas/email-confirmation.ts";
import { api } from "#web/lib/api.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api<z.infer<typeof emailConfirmedSchema>>("/api/email-confirmations", { body: { token } }),
    // A signed-in person's account now shows the address.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
