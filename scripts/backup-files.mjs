// What `npm run backup` and `npm run restore` share (docs/decisions/075): the archive's layout, writing a file
// for good (fsync), hashing, asking the running product for its database snapshot, and the pt-BR refusals.
//
// An archive is a folder:
//   manifest.json   written last: { format, version, createdAt, database?: { takenWhileRunning }, folders, files }
//   data/…          every file of DATA_DIR by its path there: db/ (the embedded database's folder, as the running
//                   product copied it: server/backup-socket.ts), the keys, the uploaded files, the outbox
import { createHash } from "node:crypto";
import { closeSync, fsyncSync, lstatSync, openSync, readdirSync, readFileSync, writeSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export const FORMAT = "sereno-backup";
export const VERSION = 1;
/** In DATA_DIR: the running product's socket (server/backup-socket.ts) and the embedded database's folder. */
export const SOCKET = "backup.sock";
export const DB_DIR = "db";

/** A refusal: its message is for the operator, printed alone (no stack), and the command exits 1. */
export class Refusal extends Error {}

export const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** Writes `bytes` to `file` (which must not exist) and fsyncs it: on disk once this returns. */
export function writeDurably(file, bytes) {
  const fd = openSync(file, "wx", 0o600);
  try {
    let written = 0;
    while (written < bytes.byteLength) written += writeSync(fd, bytes, written);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** fsync of a file written by someone else (a copy): its bytes are on disk once this returns. */
export function syncFile(file) {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** fsync of a folder: the names created in it (a rename's result) are on disk too. */
export function syncFolder(folder) {
  const fd = openSync(folder, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Every regular file under `root`, as paths relative to it, but for the names in `skip` at the top. */
export const filesUnder = (root, skip = []) => entriesUnder(root, skip).files;

/**
 * The regular files and the folders under `root` (relative paths, sorted), but for the names in `skip` at the
 * top. Folders count: PostgreSQL does not start without its empty ones (pg_notify, pg_tblspc...).
 */
export function entriesUnder(root, skip = []) {
  const files = [];
  const folders = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (relative === "" && skip.includes(entry.name)) continue;
      if (entry.isDirectory()) {
        folders.push(name);
        walk(name);
      } else if (entry.isFile()) files.push(name);
    }
  };
  walk("");
  return { files: files.sort(), folders: folders.sort() };
}

export function exists(file) {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Asks the product running on `dataDir` (server/backup-socket.ts) `question` ('snapshot' or 'ping'): its
 * answer's JSON line and the bytes after it, or undefined when no process answers (none runs, or one was
 * killed and left its socket behind).
 */
function ask(dataDir, question) {
  const file = path.resolve(dataDir, SOCKET);
  if (!exists(file)) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks = [];
    let connected = false;
    const socket = net.connect(file);
    socket.on("connect", () => {
      connected = true;
      socket.write(`${question}\n`);
    });
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error) => {
      if (!connected && ["ECONNREFUSED", "ENOENT"].includes(error.code)) resolve(undefined);
      else reject(error);
    });
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(10);
      const header = newline < 0 ? {} : JSON.parse(all.subarray(0, newline).toString("utf8"));
      resolve({ header, bytes: all.subarray(newline + 1) });
    });
  });
}

/** Whether a Sereno process runs on `dataDir`. */
export const productRuns = async (dataDir) => (await ask(dataDir, "ping")) !== undefined;

/**
 * Has the product running on `dataDir` copy its database's folder to `into` (a new folder); false when none
 * runs there. A failure carries the product's error code (ENOSPC...).
 */
export async function snapshotFromProduct(dataDir, into) {
  const answer = await ask(dataDir, `snapshot ${into}`);
  if (!answer) return false;
  if (answer.header.copied) return true;
  throw Object.assign(new Error(`O Sereno em execução não conseguiu copiar o banco: ${answer.header.error}`), {
    code: answer.header.code,
  });
}

/** Reads and checks an archive: its manifest, and every file's size and hash against it. */
export function readArchive(folder) {
  const manifestFile = path.join(folder, "manifest.json");
  if (!exists(manifestFile)) {
    throw new Refusal(`${folder} não é um backup do Sereno (falta o manifest.json, que é gravado por último).`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  if (manifest.format !== FORMAT || manifest.version !== VERSION) {
    throw new Refusal(
      `${folder} não é um backup que esta versão do Sereno saiba ler (${manifest.format} ${manifest.version}).`,
    );
  }
  // One file in memory at a time: uploaded files can add up to more than the memory there is.
  for (const entry of manifest.files) {
    const file = path.join(folder, "data", entry.path);
    const bytes = exists(file) ? readFileSync(file) : undefined;
    if (!bytes || bytes.byteLength !== entry.bytes || sha256(bytes) !== entry.sha256) {
      throw new Refusal(`O backup está incompleto ou corrompido: ${entry.path} não confere com o manifest.json.`);
    }
  }
  return manifest;
}
