/**
 * Opens the database: embedded PGlite under DATA_DIR by default, a PostgreSQL
 * server when a URL is given. Both get the same schema and the same committed
 * migrations, applied here on open. Edit when adding a driver or pool setting.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = "pglite" | "postgres";

export type Database = { db: Db; kind: DbKind; close: () => Promise<void> };

export type DatabaseConfig =
  | { kind: "pglite"; dataDir?: string; loadDataDir?: Blob | File }
  | { kind: "postgres"; url: string; max?: number };

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === "pglite") {
    if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
    const client = await PGlite.create(config.dataDir, { loadDataDir: config.loadDataDir });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
  }
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
    connection: { statement_timeout: 15_000, idle_in_transaction_session_timeout: 30_000 },
  });
  const db = drizzlePostgres({ client, schema });
  await migratePostgres(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
}

/** PGlite returns `{ rows }`, postgres.js an array: the one place that knows. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
