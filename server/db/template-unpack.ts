/**
 * Unpacks the build's database template (server/db/pglite-template.ts) into
 * an empty embedded database folder. Node's own modules only: the server runs
 * it as a child process (`node template-unpack.js <template> <folder>`,
 * printing 'unpacked' or 'skipped'), so the memory it churns through leaves
 * with that process (docs/decisions/021).
 */

import { spawn } from "node:child_process";
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { createGunzip } from "node:zlib";

export const TEMPLATE_FILE = "pglite-template.tar.gz";
/** This file's bundle, beside the server's. */
const UNPACK_SCRIPT = "template-unpack.js";
export const templatePath = (bundleDir: string) => path.join(bundleDir, TEMPLATE_FILE);

export const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

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

/**
 * Fills an empty embedded database folder from the template; false when there
 * is nothing to do (an existing database, or no template built). Unpacked by
 * Node itself, streamed in small pieces, rather than through PGlite's
 * `loadDataDir`, which writes each file through its WebAssembly file system
 * (about 2.5 s against 0.3–0.7 s here, most of it the kernel creating 1,250
 * files) and holds the whole archive in memory, which the process kept after
 * (docs/decisions/021). Unpacked beside the folder and renamed into place,
 * so a start killed half-way leaves no half database.
 */
export async function unpackTemplate(templateFile: string, dataDir: string): Promise<boolean> {
  if (!isEmptyFolder(dataDir) || !existsSync(templateFile)) return false;
  const staging = `${dataDir}.unpacking`;
  rmSync(staging, { recursive: true, force: true }); // left by a start killed while unpacking
  let into = staging;
  try {
    if (existsSync(dataDir)) rmdirSync(dataDir);
  } catch {
    into = dataDir; // an empty folder that cannot be replaced (a mount point): filled in place
  }
  const tar = new TarExtractor(into);
  for await (const chunk of createReadStream(templateFile).pipe(createGunzip())) tar.write(chunk as Buffer);
  tar.end();
  if (into === staging) renameSync(staging, dataDir);
  return true;
}

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

/** Writes the ustar archives PGlite's `dumpDataDir` makes (folders and plain files) as they stream in. */
export class TarExtractor {
  private header = Buffer.alloc(BLOCK);
  private headerBytes = 0;
  /** The file being written, its bytes still to come, then the padding to the next block. */
  private fd: number | undefined;
  private remaining = 0;
  private padding = 0;
  private done = false;
  private readonly made = new Set<string>();

  constructor(private readonly into: string) {
    mkdirSync(into, { recursive: true, mode: 0o750 });
    this.made.add(into);
  }

  write(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && !this.done) {
      if (this.remaining > 0) {
        const piece = chunk.subarray(at, at + this.remaining);
        if (this.fd !== undefined) writeSync(this.fd, piece);
        this.remaining -= piece.length;
        at += piece.length;
        if (this.remaining === 0) this.closeFile();
      } else if (this.padding > 0) {
        const skip = Math.min(this.padding, chunk.length - at);
        this.padding -= skip;
        at += skip;
      } else {
        const take = Math.min(BLOCK - this.headerBytes, chunk.length - at);
        chunk.copy(this.header, this.headerBytes, at, at + take);
        this.headerBytes += take;
        at += take;
        if (this.headerBytes === BLOCK) {
          this.headerBytes = 0;
          this.entry(this.header);
        }
      }
    }
  }

  end(): void {
    if (this.remaining > 0 || this.headerBytes > 0)
      throw new Error("template: the archive ends in the middle of an entry");
    this.closeFile();
  }

  private entry(header: Buffer): void {
    if (header.every((byte) => byte === 0)) {
      this.done = true;
      return;
    }
    const name = field(header, 0, 100);
    const prefix = field(header, 345, 155);
    const relative = path.posix.normalize(prefix ? `${prefix}/${name}` : name).replace(/^\/+/, "");
    if (relative.split("/").includes("..")) throw new Error(`template: unsafe path ${relative}`);
    const size = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
    const mode = Number.parseInt(field(header, 100, 8).trim() || "0", 8) & 0o777;
    const type = String.fromCharCode(header[156] ?? 0);
    const target = path.join(this.into, relative);
    if (type === "5") {
      this.folder(target, mode || 0o750);
    } else if (type === "0" || type === "\0") {
      this.folder(path.dirname(target), 0o750);
      this.fd = openSync(target, "w", mode || 0o600);
      this.remaining = size;
      this.padding = (BLOCK - (size % BLOCK)) % BLOCK;
      if (size === 0) this.closeFile();
    } else {
      throw new Error(`template: unexpected tar entry type '${type}' for ${relative}`);
    }
  }

  private folder(target: string, mode: number): void {
    if (this.made.has(target)) return;
    mkdirSync(target, { recursive: true, mode });
    this.made.add(target);
  }

  private closeFile(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

// `node build/app/template-unpack.js <template> <folder>`: what main.ts runs on a first start.
if (process.argv[1] && path.basename(process.argv[1]) === "template-unpack.js") {
  const [templateFile, dataDir] = process.argv.slice(2);
  if (!templateFile || !dataDir) throw new Error("usage: template-unpack.js <template.tar.gz> <folder>");
  process.stdout.write((await unpackTemplate(templateFile, dataDir)) ? "unpacked\n" : "skipped\n");
}
