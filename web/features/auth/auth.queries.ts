/**
 * Session state for the web: who is signed in (GET /api/me) and the auth
 * actions. A 401 means 'signed out' (null), not an error.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { messages } from "#core/messages.ts";
import type { LoginInput } from "#core/schemas/auth.ts";
import type { Me, UpdateMeInput } from "#core/schemas/me.ts";
import { ApiError, api } from "#web/lib/api.ts";

export const meQueryKey = ["me"] as const;

export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async () => {
      try {
        return await api<Me>("/api/me");
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** The signed-in user; only for components rendered inside the guarded app layout. */
export function useViewer(): Me {
  const { data } = useMe();
  if (!data) throw new Error("useViewer outside a signed-in screen");
  return data;
}

/** Spec 8's sign-in error catalogue. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return messages.networkError;
    if (error.status === 401) return messages.invalidCredentials;
    if (error.code === "EMAIL_NOT_VERIFIED") return messages.emailNotConfirmed;
    if (error.status === 429 || error.code === "ORIGIN_REFUSED") return error.message;
  }
  return messages.loginFailed;
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => api("/api/auth/sign-in/email", { body: { ...input, rememberMe: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** Ends the session, leaves for /login, then forgets every cached answer (in that order, so no guard redirects first). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api("/api/auth/sign-out", { body: {} }),
    onSuccess: () => {
      navigate("/login", { replace: true });
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}

export function requestPasswordReset(email: string) {
  return api("/api/auth/request-password-reset", {
    body: { email, redirectTo: `${window.location.origin}/reset-password` },
  });
}

export function resetPassword(token: string, newPassword: string) {
  return api("/api/auth/reset-password", { body: { token, newPassword } });
}

export async function startGoogleSignIn(): Promise<void> {
  const result = await api<{ url?: string }>("/api/auth/sign-in/social", {
    body: { provider: "google", callbackURL: "/dashboard", errorCallbackURL: "/login?erro=google" },
  });
  if (!result.url) throw new ApiError(500, "GOOGLE", messages.googleFailed);
  window.location.assign(result.url);
}

export type PublicConfig = {
  googleEnabled: boolean;
  contactWhatsapp: string;
  /** The data protection officer (encarregado, LGPD art. 41). */
  dpo: { name: string; email: string };
  /** The smallest group whose mood figures are shown (docs/decisions/012). */
  minGroup: number;
  notesRetentionDays: number;
};

export function usePublicConfig() {
  return useQuery({
    queryKey: ["config"],
    queryFn: () => api<PublicConfig>("/api/config"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMeInput) => api<Me>("/api/me", { method: "PATCH", body: input }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
