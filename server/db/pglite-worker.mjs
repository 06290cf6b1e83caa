/**
 * The embedded database's own thread: PGlite (PostgreSQL compiled to
 * WebAssembly) runs here, and server/db/pglite-thread.ts is its client on the
 * server's thread (docs/decisions/021). Two gains: a start boots PostgreSQL
 * while the server's modules load, and the server's thread parses requests
 * while a query runs. Plain JavaScript with Node's modules and PGlite only,
 * so a worker runs it as it is, from the sources (tests) or the build (copied
 * beside the bundle by scripts/build.mjs).
 *
 * workerData: { dataDir?, loadDataDir? (bytes of a dumpDataDir archive),
 * postgresqlconf, copying? (an Int32Array the server's thread sets to 1 once
 * it has copied the template into dataDir, 2 if that failed) }.
 * Messages in: { id, op, tx?, sql?, params?, rowMode?, rawTypes?, into? }; out:
 * { ready: true } or { startFailed }, then { id, result } or { id, error }.
 */
import { cpSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { setFlagsFromString } from "node:v8";
import { parentPort, workerData } from "node:worker_threads";

// Baseline compiler only (Liftoff), never tiered up: PostgreSQL's hot functions, optimised one by one,
// held about 40 MB more for a few per cent of speed once warm (docs/decisions/021, idle memory goal).
// The flag applies to WebAssembly compiled after it; PGlite is the only WebAssembly the server runs.
setFlagsFromString("--liftoff-only");

/** Any error as plain data: the message, name and the driver's fields (code, constraint, detail...). */
function plainError(error) {
  const plain = { message: String(error?.message ?? error), name: error?.name ?? "Error" };
  for (const [key, value] of Object.entries(error ?? {})) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) plain[key] = value;
  }
  return plain;
}

let pg;
try {
  const wasm = readFile(new URL("pglite.wasm", import.meta.resolve("@electric-sql/pglite"))).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  const { PGlite } = await import("@electric-sql/pglite");
  const { dataDir, loadDataDir, postgresqlconf, copying } = workerData;
  if (copying) {
    Atomics.wait(copying, 0, 0);
    if (Atomics.load(copying, 0) !== 1) throw new Error("the database template was not copied");
  }
  pg = await PGlite.create(dataDir, {
    loadDataDir: loadDataDir ? new Blob([loadDataDir], { type: "application/x-gzip" }) : undefined,
    pgliteWasmModule: await wasm,
    postgresqlconf,
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ startFailed: plainError(error) });
  parentPort.close();
}

/** Open transactions by id: PGlite's own transaction, held open until the client says how it ends. */
const transactions = new Map();
/** Thrown into a transaction's callback to roll it back on the client's word. */
const rollback = Symbol("rollback");

function begin(id) {
  return new Promise((began, failed) => {
    const ended = pg.transaction(
      (tx) =>
        new Promise((commit, abort) => {
          transactions.set(id, { tx, commit, abort, ended });
          began();
        }),
    );
    // Until it began, a failure is the begin's; after, the end's to report.
    ended.catch((error) => {
      if (!transactions.has(id)) failed(error);
    });
  });
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  if (commit) open.commit();
  else open.abort(rollback);
  try {
    await open.ended;
  } catch (error) {
    if (error !== rollback) throw error;
  } finally {
    transactions.delete(id);
  }
}

/** PGlite itself, or the open transaction a query belongs to. */
function queryTarget(tx) {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error(`no open transaction ${tx}`);
  return open.tx;
}

async function run({ op, tx, sql, params, rowMode, rawTypes, into }) {
  switch (op) {
    case "query": {
      // drizzle's only parsers leave a type as its text; they cross the thread as the list of those types.
      const parsers = Object.fromEntries((rawTypes ?? []).map((type) => [type, (value) => value]));
      const { rows, fields, affectedRows } = await queryTarget(tx).query(sql, params, { rowMode, parsers });
      return { rows, fields, affectedRows };
    }
    case "exec":
      return (await queryTarget(tx).exec(sql)).map(({ rows, fields, affectedRows }) => ({
        rows,
        fields,
        affectedRows,
      }));
    case "begin":
      return begin(tx);
    case "commit":
    case "rollback":
      return end(tx, op === "commit");
    case "dump":
      return new Uint8Array(await (await pg.dumpDataDir("gzip")).arrayBuffer());
    case "copy":
      // The folder as files, copied inside PGlite's runExclusive (no statement or transaction meanwhile): a native
      // copy takes a fraction of dumpDataDir's tar in JavaScript, which held the lock for seconds (decision 075).
      // A checkpoint first: what was committed is in the data files, not only in the WAL the copy would replay.
      await pg.exec("CHECKPOINT");
      await pg.runExclusive(async () =>
        cpSync(workerData.dataDir, into, {
          recursive: true,
          errorOnExist: true,
          force: false,
          filter: (source) => basename(source) !== "postmaster.pid",
        }),
      );
      return null;
    case "close":
      await pg.close();
      return null;
    default:
      throw new Error(`unknown operation ${op}`);
  }
}

if (pg) {
  parentPort.on("message", async (message) => {
    try {
      const result = await run(message);
      parentPort.postMessage({ id: message.id, result }, result instanceof Uint8Array ? [result.buffer] : []);
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: plainError(error) });
    }
    if (message.op === "close") parentPort.close();
  });
}
