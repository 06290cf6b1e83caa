/**
 * A pre-migrated embedded database with the starter catalogue, written at
 * build time beside the server bundle (docs/decisions/021). A first start on
 * an empty DATA_DIR unpacks it instead of running initdb, every migration and
 * the catalogue load: the migrations and catalogue code still run after, and
 * find nothing to do.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadStarterCatalogue } from "#server/seed/catalogue.ts";
import { openDatabase } from "./client.ts";
import { templatePath, unpackArchive } from "./template-unpack.ts";

/** Run by scripts/build.mjs from the bundle: the folder build/app/pglite-template. */
export async function writePgliteTemplate(folder: string): Promise<void> {
  const database = await openDatabase({ kind: "pglite" });
  await loadStarterCatalogue(database.db);
  // PGlite works in 'postgres' and never creates a database: initdb's two template databases are a
  // third of the folder (14 of 41 MB) that every first start would write to disk for nothing.
  for (const name of ["template0", "template1"]) {
    await database.db.execute(sql.raw(`ALTER DATABASE ${name} IS_TEMPLATE false`));
    await database.db.execute(sql.raw(`DROP DATABASE ${name}`));
  }
  // The dump is taken from a running database: without a checkpoint, its first start replays the WAL of every migration.
  await database.db.execute(sql`checkpoint`);
  const dump = await database.dumpDataDir?.();
  if (!dump) throw new Error("PGlite cannot dump its data directory");
  rmSync(folder, { recursive: true, force: true });
  await unpackArchive(dump, folder);
  await database.close();
}

// `node build/app/pglite-template.js <file>`: what scripts/build.mjs runs after bundling.
if (process.argv[1] && path.basename(process.argv[1]) === "pglite-template.js") {
  await writePgliteTemplate(process.argv[2] ?? templatePath(path.dirname(process.argv[1])));
}
