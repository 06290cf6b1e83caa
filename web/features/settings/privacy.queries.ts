/** Settings' data rights: account deletion (the consent hooks are in web/lib/consent.ts). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { DeleteAccountInput, DeleteAccountResult } from "#core/schemas/privacy-rights.ts";
import { api } from "#web/lib/api.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";

/** After an immediate deletion: leave for /login first, then forget the signed-in state (as signing out does). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => api<DeleteAccountResult>("/api/me/delete", { body: input }),
    onSuccess: (result) => {
      if (result.status !== "deleted") return;
      navigate("/login?conta=excluida", { replace: true });
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}
