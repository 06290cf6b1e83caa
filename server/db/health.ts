/**
 * What /api/health says about the database (docs/decisions/018): reachable
 * or not within a bound, and whether acknowledged writes are durable
 * (synchronous_commit, fsync). Never waits longer than `timeoutMs`. Start-up
 * refuses a non-durable PostgreSQL server unless told to accept it (main.ts).
 * On PostgreSQL it also says whether the synchronous standby that
 * `synchronous_standby_names` asks for is there: without it every commit waits
 * (docs/decisions/099), so /api/health answers 'degraded' (still 200: the
 * balancer keeps the process) and an operator acts.
 */
import { sql } from "drizzle-orm";
import { type Db, type DbKind, rowsOf } from "./client.ts";

export type DatabaseHealth = {
  database: "ok" | "unavailable";
  synchronousCommit: string | null;
  fsync: string | null;
  /** 'missing' when a synchronous standby is asked for and none is streaming in sync; null when none is asked for. */
  synchronousStandby: "ok" | "missing" | null;
};

type Settings = { synchronous_commit: string; fsync: string; standby_names?: string; in_sync?: number };

const HEALTH_TIMEOUT_MS = 2_000;

export async function checkDatabase(
  db: Db,
  timeoutMs = HEALTH_TIMEOUT_MS,
  kind: DbKind = "pglite",
): Promise<DatabaseHealth> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  // A read only: it never waits for the standby itself. pg_stat_replication lists a standby only on the primary.
  const standby =
    kind === "postgres"
      ? sql`, current_setting('synchronous_standby_names') as standby_names,
          (select count(*)::int from pg_stat_replication where sync_state in ('sync', 'quorum')) as in_sync`
      : sql``;
  const query = db
    .execute(
      sql`select current_setting('synchronous_commit') as synchronous_commit, current_setting('fsync') as fsync${standby}`,
    )
    .then((result) => rowsOf<Settings>(result)[0] ?? null)
    .catch(() => undefined);
  try {
    const settings = await Promise.race([query, timeout]);
    if (!settings) return { database: "unavailable", synchronousCommit: null, fsync: null, synchronousStandby: null };
    const asksForStandby = Boolean(settings.standby_names?.trim()) && settings.synchronous_commit !== "local";
    return {
      database: "ok",
      synchronousCommit: settings.synchronous_commit,
      fsync: settings.fsync,
      synchronousStandby: asksForStandby ? ((settings.in_sync ?? 0) > 0 ? "ok" : "missing") : null,
    };
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
