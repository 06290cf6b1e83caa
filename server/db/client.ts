/**
 * Opens the database: embedded PGlite under DATA_DIR by default, a PostgreSQL
 * server when a URL is given. Both get the same schema and the same committed
 * migrations, applied here on open. Edit when adding a driver or pool setting.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgSession } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { PgliteThread, type PgliteThreadOptions } from "./pglite-thread.ts";
import * as schema from "./schema/index.ts";

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = "pglite" | "postgres";

export type Database = {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /** PGlite only: its data folder as a gzipped tarball (the build's template, server/db/pglite-template.ts). */
  dumpDataDir?: () => Promise<Blob>;
  /** PGlite only: its data folder copied to the new folder `into`, consistently while it runs (docs/decisions/075). */
  copyDataDir?: (into: string) => Promise<void>;
  /** PGlite only: resolves if its thread stops while the server runs (server/db/pglite-thread.ts). */
  lost?: Promise<Error>;
};

export type DatabaseConfig =
  | ({ kind: "pglite"; thread?: PgliteThread } & PgliteThreadOptions)
  | { kind: "postgres"; url: string; max?: number };

/** What this process's PostgreSQL connections call themselves, so its metrics find them in pg_stat_activity (docs/decisions/065). */
export const APPLICATION_NAME = `sereno-${process.pid}`;

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const { database, migrated } = await connectDatabase(config);
  await migrated;
  return database;
}

/**
 * The database's handle as soon as its driver is loaded, and its migrations
 * as a promise: main.ts builds the app (no queries) while the embedded
 * database is still starting, then waits for `migrated` before anything
 * queries (docs/decisions/021). Elsewhere, `openDatabase`.
 */
export async function connectDatabase(
  config: DatabaseConfig,
): Promise<{ database: Database; migrated: Promise<void> }> {
  const connected = await connect(config);
  const migrated = (async () => {
    if (await hasPendingMigrations(connected.database.db)) await connected.migrate();
  })();
  // Awaited by the caller a moment later; until then a failure must not count as unhandled.
  migrated.catch(() => {});
  return { database: connected.database, migrated };
}

async function connect(config: DatabaseConfig): Promise<{ database: Database; migrate: () => Promise<void> }> {
  // PGlite (on its thread) starts only when used, and postgres.js loads only when used. drizzle's small PGlite
  // driver is imported statically: its dynamic import cost a start a turn of file reads (docs/decisions/021).
  if (config.kind === "pglite") {
    // Its queries wait for the thread to be ready (server/db/pglite-thread.ts).
    const client = config.thread ?? new PgliteThread(config);
    // The thread's client has the part of PGlite's interface drizzle calls.
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    return {
      database: {
        db,
        kind: "pglite",
        close: () => client.close(),
        dumpDataDir: () => client.dumpDataDir(),
        copyDataDir: (into) => client.copyDataDir(into),
        lost: client.lost,
      },
      migrate: () => migratePglite(db, { migrationsFolder }),
    };
  }
  const [{ default: postgres }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] = await Promise.all([
    import("postgres"),
    import("drizzle-orm/postgres-js"),
    import("drizzle-orm/postgres-js/migrator"),
  ]);
  // Bounded waits (docs/decisions/018): an outage answers 503 within seconds instead of stalling requests.
  const client = postgres(config.url, {
    max: config.max ?? 10,
    onnotice: () => {},
    connect_timeout: 5,
    // postgres.js waits 3^n/100 s (up to 20 s) before a failed connection's next attempt, holding the
    // request that needs it; once the database is gone that is a request stalled for 20 s, and after it
    // returns, seconds before anyone tries again. A fixed 0.1 s: each request costs one quick attempt.
    backoff: () => 0.1,
    idle_timeout: 60,
    // No JIT: our statements are short, and a row estimate over its threshold made PostgreSQL compile
    // one for 17 ms to run it for 20 (docs/decisions/021).
    connection: {
      application_name: APPLICATION_NAME,
      statement_timeout: 15_000,
      idle_in_transaction_session_timeout: 30_000,
      jit: "off",
    },
  });
  const db = drizzlePostgres({ client, schema });
  return {
    database: { db, kind: "postgres", close: () => client.end({ timeout: 5 }) },
    migrate: () => migratePostgres(db, { migrationsFolder }),
  };
}

/**
 * Whether drizzle's migrator has anything to apply, by its own rule: every
 * journal entry newer than the newest applied `created_at` runs. Two
 * small queries where the migrator reads and hashes every file, creates its
 * schema and table if missing and opens a transaction (docs/decisions/021).
 */
export async function hasPendingMigrations(db: Db, folder = migrationsFolder): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  const newest = Math.max(0, ...journal.entries.map((entry) => entry.when));
  const [table] = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!table?.present) return true;
  // The migrator's own query: the row with the newest created_at (a null sorts first and means 'run all').
  const [applied] = rowsOf<{ last: string | null }>(
    await db.execute(
      sql`select created_at::text as last from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    ),
  );
  return applied?.last == null || Number(applied.last) < newest;
}

/**
 * `db.execute` for the hottest statements: on PostgreSQL the statement is
 * prepared once per connection and its plan reused, where `db.execute` has
 * the server parse and plan it on every call; for the check-in that planning
 * was half the statement's cost (docs/decisions/021). Only for statements
 * whose text never varies (values as parameters, never `sql.raw` of input).
 */
export function executePrepared(db: Db, query: SQL): Promise<unknown> {
  const { session } = db._ as unknown as { session: PgSession };
  const dialect = (db as unknown as { dialect: PgDialect }).dialect;
  return session.prepareQuery(dialect.sqlToQuery(query), undefined, "prepared", false).execute();
}

/** PGlite returns `{ rows }`, postgres.js an array: the one place that knows. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
