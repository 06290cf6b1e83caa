/**
 * A pre-migrated embedded database with the starter catalogue, written at
 * build time beside the server bundle (docs/decisions/021). A first start on
 * an empty DATA_DIR unpacks it instead of running initdb, every migration and
 * the catalogue load: the migrations and catalogue code still run after, and
 * find nothing to do.
 */
import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "./client.ts";
import { loadStarterCatalogue } from "./seed/catalogue.ts";
import { isEmptyFolder } from "./template-unpack.ts";

export const TEMPLATE_FILE = "pglite-template.tar.gz";
/** The bundle of server/db/template-unpack.ts, beside the server's. */
const UNPACK_SCRIPT = "template-unpack.js";

/** Run by scripts/build.mjs from the bundle: build/app/pglite-template.tar.gz. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ kind: "pglite" });
  await loadStarterCatalogue(database.db);
  // The dump is taken from a running database: without a checkpoint, its first start replays the WAL of every migration.
  await database.db.execute(sql`checkpoint`);
  const dump = await database.dumpDataDir?.();
  if (!dump) throw new Error("PGlite cannot dump its data directory");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

/**
 * Fills an empty embedded database folder from the template in a short-lived
 * child process (server/db/template-unpack.ts); false when there was nothing
 * to do. Apart because unpacking 42 MB through zlib's stream leaves about
 * 25 MB in the allocator of the process that did it, which a server would
 * then carry for its whole life (docs/decisions/021).
 */
export async function unpackTemplateApart(bundleDir: string, dataDir: string): Promise<boolean> {
  // An existing database (every start but the first) costs one readdir, not a process.
  if (!isEmptyFolder(dataDir) || !existsSync(templatePath(bundleDir))) return false;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(bundleDir, UNPACK_SCRIPT), templatePath(bundleDir), dataDir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code === 0) resolve(output.trim() === "unpacked");
      else reject(new Error(`unpacking the database template failed (exit ${code})`));
    });
  });
}

export const templatePath = (bundleDir: string) => path.join(bundleDir, TEMPLATE_FILE);

// `node build/app/pglite-template.js <file>`: what scripts/build.mjs runs after bundling.
if (process.argv[1] && path.basename(process.argv[1]) === "pglite-template.js") {
  await writePgliteTemplate(process.argv[2] ?? templatePath(path.dirname(process.argv[1])));
}
