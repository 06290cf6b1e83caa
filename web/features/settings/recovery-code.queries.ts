/**
 * The recovery code (docs/decisions/055): whether the person has one, and a new one. Read by Configurações ›
 * Chaves de acesso and by the dashboard's nudge (recovery-code-nudge.tsx), sharing one cache entry: a code made
 * in Configurações hides the nudge without another request.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NewRecoveryCode, RecoveryCodeStatus } from "#core/schemas/passkeys.ts";
import { api } from "#web/lib/api.ts";

const recoveryCodeKey = ["me", "recovery-code"] as const;

/** When the person's recovery code was made (never the code itself), or null. */
export function useRecoveryCodeStatus() {
  return useQuery({
    queryKey: recoveryCodeKey,
    queryFn: () => api<RecoveryCodeStatus>("/api/me/recovery-code"),
  });
}

/** A new code, shown once; the one before stops working. Its date goes straight into the status above. */
export function useCreateRecoveryCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<NewRecoveryCode>("/api/me/recovery-code", { method: "POST" }),
    onSuccess: ({ createdAt }) => queryClient.setQueryData<RecoveryCodeStatus>(recoveryCodeKey, { createdAt }),
  });
}
