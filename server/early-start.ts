/**
 * Imported first by main.ts, so it runs before the rest of the server's
 * modules are evaluated: with the embedded database it starts PGlite's thread
 * (server/db/pglite-thread.ts), which compiles and boots PostgreSQL while the
 * modules load instead of after them (docs/decisions/021); on a first start
 * this thread copies the build's template into the empty folder meanwhile.
 * It reads DATA_DIR and DATABASE_URL as server/env.ts does; main.ts takes the
 * thread only for the folder it resolved itself.
 */
import path from "node:path";
import { PgliteThread } from "#server/db/pglite-thread.ts";
import { templatePath } from "#server/db/template-unpack.ts";

const dir = path.resolve(process.env.DATA_DIR ?? "./data", "db");
let early = process.env.DATABASE_URL?.trim()
  ? undefined
  : new PgliteThread({ dataDir: dir, templateDir: templatePath(import.meta.dirname) });

/** The thread started here, if it serves `dataDir`; handed over once, and closed if it serves another folder. */
export function takeEarlyPglite(dataDir: string): PgliteThread | undefined {
  const started = early;
  early = undefined;
  if (started && path.resolve(dataDir) === dir) return started;
  started?.close().catch(() => {});
  return undefined;
}
