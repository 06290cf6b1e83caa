/**
 * What /api/health says about the database (docs/decisions/018): reachable
 * or not within a bound, and whether acknowledged writes are durable
 * (synchronous_commit). Never waits longer than `timeoutMs`.
 */
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "./client.ts";

export type DatabaseHealth = { database: "ok" | "unavailable"; synchronousCommit: string | null };

export const HEALTH_TIMEOUT_MS = 2_000;

export async function checkDatabase(db: Db, timeoutMs = HEALTH_TIMEOUT_MS): Promise<DatabaseHealth> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const query = db
    .execute(sql`select current_setting('synchronous_commit') as synchronous_commit`)
    .then((result) => rowsOf<{ synchronous_commit: string }>(result)[0]?.synchronous_commit ?? null)
    .catch(() => undefined);
  try {
    const setting = await Promise.race([query, timeout]);
    if (setting === null || setting === undefined) return { database: "unavailable", synchronousCommit: null };
    return { database: "ok", synchronousCommit: setting };
  } finally {
    clearTimeout(timer);
  }
}

/** True when PostgreSQL may acknowledge a check-in it then loses in a crash. */
export function isDurabilityAtRisk(health: DatabaseHealth): boolean {
  return health.synchronousCommit === "off";
}
