/** The public invite calls of the setup pages: look an invite up, then accept it with a password. */
import { useMutation, useQuery } from "@tanstack/react-query";
import { inviteMessages } from "#core/invite-messages.ts";
import { messages } from "#core/messages.ts";
import type { AcceptInviteInput, InviteDetails } from "#core/schemas/invites.ts";
import { ApiError, api } from "#web/lib/api.ts";

const inviteKeys = { invite: (token: string | null) => ["invite", token] as const };

export function useInviteLookup(token: string | null) {
  return useQuery({
    queryKey: inviteKeys.invite(token),
    queryFn: () => api<InviteDetails>(`/api/invites/lookup?token=${encodeURIComponent(token ?? "")}`),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAcceptInvite() {
  return useMutation({
    mutationFn: (input: AcceptInviteInput) => api<{ email: string }>("/api/invites/accept", { body: input }),
  });
}

/** The server refused the link itself (malformed, unknown, used or expired), so retrying cannot help. */
export function isLinkRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}

/**
 * Why accepting failed: the server's own words when they help the person (a
 * password rule, an account already in a company, a link used meanwhile),
 * otherwise the page's generic failure.
 */
export function acceptErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.isNetwork) return messages.networkError;
  if (error.status === 404) return inviteMessages.linkInvalidOrExpired;
  if (error.status === 400 || error.status === 409) return error.message;
  return fallback;
}
