/** /recuperar (docs/decisions/055): the recovery code's check, and the new passkey that finishes it. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  RecoveryCheckInput,
  recoveredSchema,
  recoveryCompleteInputSchema,
  recoveryTicketSchema,
} from "#core/schemas/passkeys.ts";
import { api } from "#web/lib/api.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";

export type RecoveryTicket = z.infer<typeof recoveryTicketSchema>;
/** Recovered: signed in, with the new recovery code to show once. */
export type Recovered = z.infer<typeof recoveredSchema>;

export function useRecoveryCheck() {
  return useMutation({
    mutationFn: (input: RecoveryCheckInput) => api<RecoveryTicket>("/api/recovery/check", { body: input }),
  });
}

export function useRecoveryComplete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof recoveryCompleteInputSchema>) =>
      api<Recovered>("/api/recovery/complete", { body: input }),
    // Signed in now, as after /login.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
