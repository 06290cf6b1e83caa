// What `npm run backup` and `npm run restore` share (docs/decisions/075): the archive's layout, writing a file
// for good (fsync), hashing, asking the running product for its database snapshot, and the pt-BR refusals.
//
// An archive is a folder:
//   manifest.json   written last: { format, version, createdAt, database: { file, bytes, sha256 }, files: [...] }
//   database.tar.gz PGlite's dumpDataDir of DATA_DIR/db
//   data/…          every other file of DATA_DIR (keys, uploaded files, outbox), by its path there
import { createHash } from "node:crypto";
import { closeSync, fsyncSync, lstatSync, openSync, readdirSync, readFileSync, writeSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export const FORMAT = "sereno-backup";
export const VERSION = 1;
export const DATABASE_FILE = "database.tar.gz";
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
export function filesUnder(root, skip = []) {
  const found = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (relative === "" && skip.includes(entry.name)) continue;
      if (entry.isDirectory()) walk(name);
      else if (entry.isFile()) found.push(name);
    }
  };
  walk("");
  return found.sort();
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

/** The running product's database snapshot, or undefined when none runs on `dataDir`. */
export async function snapshotFromProduct(dataDir) {
  const answer = await ask(dataDir, "snapshot");
  if (!answer) return undefined;
  const { header, bytes } = answer;
  if (header.error) throw new Refusal(`O Sereno em execução não conseguiu copiar o banco: ${header.error}`);
  if (header.bytes !== bytes.byteLength) {
    throw new Refusal("A cópia do banco chegou incompleta do Sereno em execução; nada foi gravado.");
  }
  return new Uint8Array(bytes);
}

/** Reads and checks an archive: its manifest, and every file's size and hash against it; returns the database's bytes. */
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
  const check = (relative, expected) => {
    const file = path.join(folder, relative);
    const bytes = exists(file) ? readFileSync(file) : undefined;
    if (!bytes || bytes.byteLength !== expected.bytes || sha256(bytes) !== expected.sha256) {
      throw new Refusal(`O backup está incompleto ou corrompido: ${relative} não confere com o manifest.json.`);
    }
    return bytes;
  };
  // One file in memory at a time: uploaded files can add up to more than the memory there is.
  for (const entry of manifest.files) check(path.join("data", entry.path), entry);
  return { manifest, database: manifest.database && check(manifest.database.file, manifest.database) };
}
