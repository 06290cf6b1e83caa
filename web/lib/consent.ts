/**
 * The wellbeing-data consent on the web (docs/decisions/015): read with the
 * privacy summary, given or revoked from Settings, the check-in screen and
 * the shell's re-consent dialog, so it lives here rather than in one feature.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import type { ConsentResult, PrivacySummary } from "#core/schemas/privacy-rights.ts";
import { api } from "#web/lib/api.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";

const privacyQueryKey = ["me", "privacy"] as const;

export function usePrivacySummary() {
  return useQuery({ queryKey: privacyQueryKey, queryFn: () => api<PrivacySummary>("/api/me/privacy") });
}

function useConsentMutation(send: () => Promise<ConsentResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // The viewer carries the consent in force; the check-in screen and the shell read it from there.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useGiveConsent() {
  return useConsentMutation(() =>
    api<ConsentResult>("/api/me/consent", { body: { version: WELLBEING_CONSENT_VERSION } }),
  );
}

export function useRevokeConsent() {
  return useConsentMutation(() => api<ConsentResult>("/api/me/consent", { method: "DELETE" }));
}
