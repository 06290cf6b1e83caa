/**
 * The check-ins queued offline (web/lib/offline-check-ins.ts), as a query the
 * form reads, and the sender that delivers them when the connection returns
 * (docs/decisions/027). The sender runs in the signed-in shell, so a queued
 * check-in goes out whatever screen the member is on.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { checkInMessages } from "#core/check-in-messages.ts";
import type { CreatedCheckIn } from "#core/schemas/check-ins.ts";
import { ApiError, api } from "#web/lib/api.ts";
import {
  offlineCheckInsKey,
  type QueuedCheckIn,
  queueCheckIn,
  queuedCheckIns,
  removeQueuedCheckIn,
  withQueueLock,
} from "#web/lib/offline-check-ins.ts";
import { meQueryKey, progressKeys } from "#web/lib/query-keys.ts";
import { toast } from "#web/lib/toast.ts";
import { checkInKeys } from "./check-ins.queries.ts";

/** While something waits, the sender also tries on this beat (an 'online' event can come before the server is reachable). */
const RETRY_MS = 30_000;

export function useQueuedCheckIns(userId: string) {
  return useQuery({
    queryKey: offlineCheckInsKey(userId),
    queryFn: () => queuedCheckIns(userId),
    networkMode: "always",
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useQueueCheckIn(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Pick<QueuedCheckIn, "mood" | "notes" | "energy" | "stress">) =>
      queueCheckIn({ ...input, userId }),
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offlineCheckInsKey(userId) }),
  });
}

/** Whether to keep an entry for a later try: no answer, a server in trouble, or a session to renew. */
function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.isNetwork || error.status >= 500 || error.status === 401 || error.status === 429;
}

async function sendQueued(userId: string): Promise<{ sent: number; settled: number }> {
  let sent = 0;
  let settled = 0;
  for (const entry of await queuedCheckIns(userId)) {
    try {
      const result = await send(entry);
      await removeQueuedCheckIn(entry.id);
      sent += 1;
      settled += 1;
      toast.success(`${checkInMessages.offlineCheckInSent} ${result.message}`);
    } catch (error) {
      if (isWorthRetrying(error)) break;
      await removeQueuedCheckIn(entry.id);
      settled += 1;
      // The day already had one (another device, another tab): the server's refusal, said for a queued check-in.
      const message =
        error instanceof ApiError && error.code === "CHECKIN_ALREADY_DONE"
          ? checkInMessages.checkInDayAlreadyDone
          : error instanceof ApiError
            ? error.message
            : checkInMessages.checkInFailed;
      toast.error(message, { duration: 10_000 });
    }
  }
  return { sent, settled };
}

function send(entry: QueuedCheckIn) {
  return api<CreatedCheckIn>("/api/check-ins", {
    body: { mood: entry.mood, notes: entry.notes, energy: entry.energy, stress: entry.stress, madeAt: entry.madeAt },
  });
}

/** Rendered once in the signed-in shell: sends what waits now, on 'online', and every RETRY_MS. */
export function OfflineCheckInSender({ userId }: { userId: string }) {
  useOfflineCheckInSender(userId);
  return null;
}

function useOfflineCheckInSender(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let running = false;
    async function flush() {
      if (running || !navigator.onLine || typeof indexedDB === "undefined") return;
      running = true;
      try {
        const { sent, settled } = await withQueueLock(() => sendQueued(userId));
        if (!settled) return;
        // Today's check-in first, then the queue: the form never flashes back between the two.
        if (sent) {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: checkInKeys.all }),
            queryClient.invalidateQueries({ queryKey: meQueryKey }),
            queryClient.invalidateQueries({ queryKey: progressKeys.all }),
          ]);
        }
        await queryClient.invalidateQueries({ queryKey: offlineCheckInsKey(userId) });
      } catch {
        // IndexedDB unavailable (private mode in some browsers): nothing was queued either.
      } finally {
        running = false;
      }
    }
    void flush();
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    window.addEventListener("online", flush);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("online", flush);
    };
  }, [userId, queryClient]);
}
