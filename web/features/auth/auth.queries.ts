/**
 * The sign-in screens' actions: password, Google, recovery, the e-mailed sign-in link. Who is signed in
 * (and signing out) lives in web/lib/session.ts, which every feature reads.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { authMessages } from "#core/auth-messages.ts";
import { messages } from "#core/messages.ts";
import type { LoginInput } from "#core/schemas/auth.ts";
import { ApiError, api } from "#web/lib/api.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";

/** Spec 8's sign-in error catalogue. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return messages.networkError;
    if (error.status === 401) return authMessages.invalidCredentials;
    if (error.code === "EMAIL_NOT_VERIFIED") return authMessages.emailNotConfirmed;
    if (
      error.status === 429 ||
      error.code === "ORIGIN_REFUSED" ||
      error.code === "ACCESS_ENDED" ||
      error.code === "SSO_REQUIRED"
    )
      return error.message;
  }
  return authMessages.loginFailed;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api("/api/auth/sign-in/email", { body: { ...input, rememberMe: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function requestPasswordReset(email: string) {
  return api("/api/auth/request-password-reset", {
    body: { email, redirectTo: `${window.location.origin}/reset-password` },
  });
}

/** The refusal that offers the e-mailed sign-in link (docs/decisions/018). */
export function isSignInLimited(error: unknown): boolean {
  return error instanceof ApiError && error.code === "SIGN_IN_LIMITED";
}

export function requestSignInLink(email: string) {
  return api<{ message: string }>("/api/auth/sign-in/magic-link", { body: { email } });
}

/** Where the e-mailed link's page sends the browser: better-auth checks the token and sets the session cookie. */
export function signInLinkUrl(token: string): string {
  const query = new URLSearchParams({ token, callbackURL: "/dashboard", errorCallbackURL: "/login?erro=link" });
  return `/api/auth/magic-link/verify?${query}`;
}

export function resetPassword(token: string, newPassword: string) {
  return api("/api/auth/reset-password", { body: { token, newPassword } });
}

export async function startGoogleSignIn(): Promise<void> {
  const result = await api<{ url?: string }>("/api/auth/sign-in/social", {
    body: { provider: "google", callbackURL: "/dashboard", errorCallbackURL: "/login?erro=google" },
  });
  if (!result.url) throw new ApiError(500, "HTTP_ERROR", authMessages.googleFailed);
  window.location.assign(result.url);
}

/**
 * Sends the browser to the company's identity provider when the e-mail's domain has single sign-on
 * (docs/decisions/047); false when it has none (the server answers 404).
 */
export async function startSsoSignIn(email: string): Promise<boolean> {
  try {
    const { url } = await api<{ url: string }>("/api/sso/start", { body: { email } });
    window.location.assign(url);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}
