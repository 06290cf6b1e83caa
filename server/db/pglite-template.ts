/**
 * A pre-migrated embedded database with the starter catalogue, written at
 * build time beside the server bundle (docs/decisions/021). A first start on
 * an empty DATA_DIR unpacks it instead of running initdb, every migration and
 * the catalogue load: the migrations and catalogue code still run after, and
 * find nothing to do.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "./client.ts";
import { loadStarterCatalogue } from "./seed/catalogue.ts";

export const TEMPLATE_FILE = "pglite-template.tar.gz";

/** Run by scripts/build.mjs from the bundle: build/app/pglite-template.tar.gz. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ kind: "pglite" });
  await loadStarterCatalogue(database.db);
  const dump = await database.dumpDataDir?.();
  if (!dump) throw new Error("PGlite cannot dump its data directory");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

/** The template for an empty embedded database folder, or undefined (an existing database, or no template built). */
export function templateFor(dataDir: string, templateFile: string): Blob | undefined {
  const isEmpty = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  if (!isEmpty || !existsSync(templateFile)) return undefined;
  return new Blob([readFileSync(templateFile)]);
}

export const templatePath = (bundleDir: string) => path.join(bundleDir, TEMPLATE_FILE);

// `node build/app/pglite-template.js <file>`: what scripts/build.mjs runs after bundling.
if (process.argv[1] && path.basename(process.argv[1]) === "pglite-template.js") {
  await writePgliteTemplate(process.argv[2] ?? templatePath(path.dirname(process.argv[1])));
}
