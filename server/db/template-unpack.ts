/**
 * Fills an empty embedded database folder from the build's database template
 * (server/db/pglite-template.ts), a folder beside the server bundle: the
 * server's thread copies it while PGlite's thread starts and waits for it
 * (server/db/pglite-thread.ts, docs/decisions/021). The build turns PGlite's
 * archive into that folder with TarExtractor below.
 */

import {
  closeSync,
  cpSync,
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
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";

const TEMPLATE_FOLDER = "pglite-template";
export const templatePath = (bundleDir: string) => path.join(bundleDir, TEMPLATE_FOLDER);

export const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Fills an empty embedded database folder with a copy of the template folder;
 * false when there is nothing to do (an existing database, or no template
 * built). A plain copy (the kernel's copy_file_range, about 0.2 s for 41 MB in
 * 1,250 files) where unpacking PGlite's archive spent as long again in zlib
 * (docs/decisions/021). Copied beside the folder and renamed into place, so a
 * start killed half-way leaves no half database.
 */
export function copyTemplate(templateDir: string, dataDir: string): boolean {
  if (!isEmptyFolder(dataDir) || !existsSync(templateDir)) return false;
  const staging = `${dataDir}.unpacking`;
  rmSync(staging, { recursive: true, force: true }); // left by a start killed while copying
  let into = staging;
  try {
    if (existsSync(dataDir)) rmdirSync(dataDir);
  } catch {
    into = dataDir; // an empty folder that cannot be replaced (a mount point): filled in place
  }
  cpSync(templateDir, into, { recursive: true });
  if (into === staging) renameSync(staging, dataDir);
  return true;
}

/** PGlite's `dumpDataDir` archive (gzipped ustar) unpacked into a folder: the build's step from dump to template. */
export async function unpackArchive(archive: Blob | string, into: string): Promise<void> {
  const tar = new TarExtractor(into);
  const source =
    typeof archive === "string" ? createReadStream(archive) : Readable.from(Buffer.from(await archive.arrayBuffer()));
  for await (const chunk of source.pipe(createGunzip())) tar.write(chunk as Buffer);
  tar.end();
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
