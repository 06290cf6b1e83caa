/**
 * What /api/health says about the database (docs/decisions/018): reachable
 * or not within a bound, and whether acknowledged writes are durable
 * (synchronous_commit, fsync). Never waits longer than `timeoutMs`. Start-up
 * refuses a non-durable PostgreSQL server unless told to accept it (main.ts).
 */
import { sql } from "drizzle-orm";
import { type Db, type DbKind, rowsOf } from "./client.ts";

export type DatabaseHealth = {
  database: "ok" | "unavailable";
  synchronousCommit: string | null;
  fsync: string | null;
};

const HEALTH_TIMEOUT_MS = 2_000;

export async function checkDatabase(db: Db, timeoutMs = HEALTH_TIMEOUT_MS): Promise<DatabaseHealth> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const query = db
    .execute(sql`select current_setting('synchronous_commit') as synchronous_commit, current_setting('fsync') as fsync`)
    .then((result) => rowsOf<{ synchronous_commit: string; fsync: string }>(result)[0] ?? null)
    .catch(() => undefined);
  try {
    const settings = await Promise.race([query, timeout]);
    if (!settings) return { database: "unavailable", synchronousCommit: null, fsync: null };
    return { database: "ok", synchronousCommit: settings.synchronous_commit, fsync: settings.fsync };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The settings that let PostgreSQL acknowledge a check-in it then loses:
 * `synchronous_commit=off` in a crash of the database, `fsync=off` in a crash
 * of the machine. PGlite, the embedded default, runs without fsync by design
 * (README): only its synchronous_commit counts.
 */
export function nonDurableSettings(health: DatabaseHealth, kind: DbKind): string[] {
  return [
    ...(health.synchronousCommit === "off" ? ["synchronous_commit=off"] : []),
    ...(kind === "postgres" && health.fsync === "off" ? ["fsync=off"] : []),
  ];
}
