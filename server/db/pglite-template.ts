/**
 * A pre-migrated embedded database with the starter catalogue, written at
 * build time beside the server bundle (docs/decisions/021). A first start on
 * an empty DATA_DIR unpacks it instead of running initdb, every migration and
 * the catalogue load: the migrations and catalogue code still run after, and
 * find nothing to do.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { openDatabase } from "./client.ts";
import { loadStarterCatalogue } from "./seed/catalogue.ts";

export const TEMPLATE_FILE = "pglite-template.tar.gz";

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

const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Fills an empty embedded database folder from the template; false when there
 * is nothing to do (an existing database, or no template built). Unpacked by
 * Node itself rather than through PGlite's `loadDataDir`, which writes each
 * file through its WebAssembly file system (2.5 s against 0.3 s here) and
 * holds the whole archive in memory meanwhile. Unpacked beside the folder and
 * renamed into place, so a start killed half-way leaves no half database.
 */
export function unpackTemplate(templateFile: string, dataDir: string): boolean {
  if (!isEmptyFolder(dataDir) || !existsSync(templateFile)) return false;
  const staging = `${dataDir}.unpacking`;
  rmSync(staging, { recursive: true, force: true }); // left by a start killed while unpacking
  let into = staging;
  try {
    if (existsSync(dataDir)) rmdirSync(dataDir);
  } catch {
    into = dataDir; // an empty folder that cannot be replaced (a mount point): filled in place
  }
  extractTar(gunzipSync(readFileSync(templateFile)), into);
  if (into === staging) renameSync(staging, dataDir);
  return true;
}

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

/** The ustar archives PGlite's `dumpDataDir` writes: folders and plain files only. */
export function extractTar(archive: Buffer, into: string): void {
  mkdirSync(into, { recursive: true, mode: 0o750 });
  const made = new Set<string>([into]);
  for (let offset = 0; offset + BLOCK <= archive.length; ) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const name = field(header, 0, 100);
    const prefix = field(header, 345, 155);
    const relative = path.posix.normalize(prefix ? `${prefix}/${name}` : name).replace(/^\/+/, "");
    if (relative.split("/").includes("..")) throw new Error(`template: unsafe path ${relative}`);
    const size = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
    const mode = Number.parseInt(field(header, 100, 8).trim() || "0", 8) & 0o777;
    const type = String.fromCharCode(header[156] ?? 0);
    const target = path.join(into, relative);
    offset += BLOCK;
    if (type === "5") {
      if (!made.has(target)) mkdirSync(target, { recursive: true, mode: mode || 0o750 });
      made.add(target);
    } else if (type === "0" || type === "\0") {
      const parent = path.dirname(target);
      if (!made.has(parent)) mkdirSync(parent, { recursive: true, mode: 0o750 });
      made.add(parent);
      writeFileSync(target, archive.subarray(offset, offset + size), { mode: mode || 0o600 });
    } else {
      throw new Error(`template: unexpected tar entry type '${type}' for ${relative}`);
    }
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
}

export const templatePath = (bundleDir: string) => path.join(bundleDir, TEMPLATE_FILE);

// `node build/app/pglite-template.js <file>`: what scripts/build.mjs runs after bundling.
if (process.argv[1] && path.basename(process.argv[1]) === "pglite-template.js") {
  await writePgliteTemplate(process.argv[2] ?? templatePath(path.dirname(process.argv[1])));
}
