/** What the settings screen sends besides PATCH /api/me (that one is useUpdateMe in auth.queries). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChangePasswordInput } from "#core/schemas/auth.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { ApiError, api } from "#web/lib/api.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: ChangePasswordInput) =>
      api("/api/auth/change-password", { body: { currentPassword, newPassword, revokeOtherSessions: true } }),
    // The server renewed the session cookie; read the viewer again with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** A 400 carries the server's own pt-BR reason ('O nome é obrigatório'); anything else gets the spec's text. */
export function saveErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 400 ? error.message : settingsMessages.settingsFailed;
}

export function passwordErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 400 ? error.message : settingsMessages.passwordChangeFailed;
}

export function isWrongCurrentPassword(error: unknown): boolean {
  return error instanceof ApiError && error.code === "INVALID_PASSWORD";
}
