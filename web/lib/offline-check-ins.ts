/**
 * Check-ins made without a connection (docs/decisions/027): kept in this
 * browser's IndexedDB with the moment they were made, and sent as soon as the
 * connection returns (POST /api/check-ins with madeAt). Each belongs to the
 * account that made it and is only ever sent by that account's session; the
 * server accepts it for its local day within 24 h. Sign-out clears them.
 */
import { type DBSchema, type IDBPDatabase, openDB } from "idb";

export type QueuedCheckIn = {
  id: string;
  userId: string;
  mood: number;
  notes: string | null;
  /** Optional, as on the form (docs/decisions/023); absent in entries queued before they existed. */
  energy?: number | null;
  stress?: number | null;
  /** ISO instant, with the device's offset. */
  madeAt: string;
};

interface OfflineDb extends DBSchema {
  "check-ins": { key: string; value: QueuedCheckIn; indexes: { byUser: string } };
}

export const offlineCheckInsKey = (userId: string) => ["offline-check-ins", userId] as const;

let opening: Promise<IDBPDatabase<OfflineDb>> | null = null;
function database() {
  opening ??= openDB<OfflineDb>("sereno-offline", 1, {
    upgrade(db) {
      db.createObjectStore("check-ins", { keyPath: "id" }).createIndex("byUser", "userId");
    },
  });
  return opening;
}

export async function queueCheckIn(entry: Omit<QueuedCheckIn, "id" | "madeAt">): Promise<QueuedCheckIn> {
  const queued = { ...entry, id: crypto.randomUUID(), madeAt: localIsoInstant(new Date()) };
  await (await database()).put("check-ins", queued);
  return queued;
}

export async function queuedCheckIns(userId: string): Promise<QueuedCheckIn[]> {
  if (typeof indexedDB === "undefined") return [];
  const entries = await (await database()).getAllFromIndex("check-ins", "byUser", userId);
  return entries.sort((a, b) => a.madeAt.localeCompare(b.madeAt));
}

export async function removeQueuedCheckIn(id: string): Promise<void> {
  await (await database()).delete("check-ins", id);
}

export async function clearQueuedCheckIns(): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  await (await database()).clear("check-ins");
}

/** `2026-11-22T23:40:00.000-03:00`: the instant, written with the device's offset (the server reads the instant). */
function localIsoInstant(at: Date): string {
  const offset = -at.getTimezoneOffset();
  const local = new Date(at.getTime() + offset * 60_000).toISOString().slice(0, -1);
  const sign = offset >= 0 ? "+" : "-";
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(offset) % 60).padStart(2, "0");
  return `${local}${sign}${hours}:${minutes}`;
}

/**
 * Runs `send` with the queue to itself: two tabs coming back online at once
 * send each check-in once (Web Locks; without them, the server's one-per-day
 * rule still keeps a second copy out).
 */
export function withQueueLock<T>(send: () => Promise<T>): Promise<T> {
  if (typeof navigator !== "undefined" && "locks" in navigator) {
    return navigator.locks.request("sereno-offline-check-ins", send);
  }
  return send();
}
