/**
 * Session state for the web: who is signed in (GET /api/me), their profile
 * updates, and signing out. A 401 means 'signed out' (null), not an error.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { Me, UpdateMeInput } from "#core/schemas/me.ts";
import { api } from "#web/lib/api.ts";
import { forgetEarlyReads } from "#web/lib/early-me.ts";
import { meQuery } from "#web/lib/me-query.ts";
import { clearQueuedCheckIns } from "#web/lib/offline-check-ins.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";

export function useMe() {
  return useQuery(meQuery);
}

/** The signed-in user; only for components rendered inside the guarded app layout. */
export function useViewer(): Me {
  const { data } = useMe();
  if (!data) throw new Error("useViewer outside a signed-in screen");
  return data;
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMeInput) => api<Me>("/api/me", { method: "PATCH", body: input }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/**
 * Where a deliberate leave (signing out, deleting the account) is going. The signed-in state is forgotten while
 * that navigation may still be loading its page; the guard, finding no session meanwhile, sends here rather than
 * to /login?next=…, which would win and drop the page's notice (?conta=excluida). The sign-in page clears it.
 */
let leavingFor: string | null = null;
export const pendingLeave = (): string | null => leavingFor;
export const arrivedAfterLeave = (): void => {
  leavingFor = null;
};

/** Leaves for `to`, then forgets every cached answer and every queued check-in of this account. */
export function useLeaveSignedIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (to: string) => {
    leavingFor = to;
    void navigate(to, { replace: true });
    forgetEarlyReads();
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, null);
    // Nothing of this account's stays on the device (docs/decisions/027).
    void clearQueuedCheckIns();
  };
}

/** Ends the session and leaves for /login. */
export function useSignOut() {
  const leave = useLeaveSignedIn();
  return useMutation({
    mutationFn: () => api("/api/auth/sign-out", { body: {} }),
    onSuccess: () => leave("/login"),
  });
}
