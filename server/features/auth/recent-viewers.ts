/**
 * Who called recently, by session token, for the check-in only
 * (docs/decisions/021): opening the app reads the caller from the database,
 * and the check-in that follows reuses it instead of asking again. Nothing
 * here is trusted on its own: the check-in statement re-checks every field it
 * relies on (the session is alive and belongs to this person; company, time
 * zone and consent unchanged) and writes nothing when one has changed; the
 * route then forgets the entry and asks the database. So a sign-out, a
 * removal or a withdrawn consent, in any process, holds at the next check-in.
 */
import type { Db } from "#server/db/client.ts";

const TTL_MS = 10 * 60 * 1000;
/** Bounded: the oldest entries go first (a Map keeps insertion order). */
const MAX_ENTRIES = 50_000;

type Entry<T> = { value: T; until: number };
const byDatabase = new WeakMap<Db, Map<string, Entry<unknown>>>();

function entriesOf(db: Db): Map<string, Entry<unknown>> {
  let entries = byDatabase.get(db);
  if (!entries) {
    entries = new Map();
    byDatabase.set(db, entries);
  }
  return entries;
}

export function rememberCaller<T>(db: Db, token: string, value: T, now = Date.now()): void {
  const entries = entriesOf(db);
  entries.delete(token);
  entries.set(token, { value, until: now + TTL_MS });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
}

export function recentCaller<T>(db: Db, token: string, now = Date.now()): T | undefined {
  const entry = byDatabase.get(db)?.get(token);
  if (!entry) return undefined;
  if (entry.until <= now) {
    byDatabase.get(db)?.delete(token);
    return undefined;
  }
  return entry.value as T;
}

export function forgetCaller(db: Db, token: string): void {
  byDatabase.get(db)?.delete(token);
}
