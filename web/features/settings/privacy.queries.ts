/** Settings' data rights: account deletion (the consent hooks are in web/lib/consent.ts). */
import { useMutation } from "@tanstack/react-query";
import type { DeleteAccountInput, DeleteAccountResult } from "#core/schemas/privacy-rights.ts";
import { api } from "#web/lib/api.ts";
import { useLeaveSignedIn } from "#web/lib/session.ts";

/** After an immediate deletion: leave for /login and its notice, as signing out does. */
export function useDeleteAccount() {
  const leave = useLeaveSignedIn();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api<DeleteAccountResult>("/api/me/delete", { body: input }),
    onSuccess: (result) => {
      if (result.status === "deleted") leave("/login?conta=excluida");
    },
  });
}
