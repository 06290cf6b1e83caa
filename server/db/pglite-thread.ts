/**
 * The embedded database on its own thread (server/db/pglite-worker.mjs): this
 * is its client, with the part of PGlite's interface drizzle uses (query,
 * exec, transaction, close), dumpDataDir and copyDataDir. Why a thread (docs/decisions/021):
 * server/early-start.ts starts it before the server's modules load, so
 * PostgreSQL boots while they do; and a query no longer holds the server's
 * thread, which reads and answers other requests meanwhile. Transactions stay
 * PGlite's own (one at a time, other queries wait for it) inside the worker.
 */
import { existsSync, mkdirSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { copyTemplate, isEmptyFolder } from "./template-unpack.ts";

/** docs/decisions/021: idle memory on PGlite (goal ≤ 250 MB) against cache for the manager's reads. */
const PGLITE_SHARED_BUFFERS = "32MB";

export type PgliteThreadOptions = {
  /** The data folder; in memory without one. */
  dataDir?: string;
  /** A dumpDataDir archive to start from (tests: the migrated template). */
  loadDataDir?: Uint8Array;
  /** The build's template folder, copied into an empty dataDir first (docs/decisions/021). */
  templateDir?: string;
};

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, (value: string) => unknown> };
type Results = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type Request = { op: string; tx?: number; sql?: string; params?: unknown[]; into?: string } & Omit<
  QueryOptions,
  "parsers"
> & {
    rawTypes?: number[];
  };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** An error from the thread, rebuilt with its fields (code, constraint...) so callers read it as the driver's. */
function rebuiltError(plain: Record<string, unknown>): Error {
  return Object.assign(new Error(String(plain.message)), plain);
}

/** drizzle's parsers leave a type as text; only those cross the thread (a function cannot). */
function rawTypesOf(parsers: QueryOptions["parsers"]): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse("1") !== "1") throw new Error(`PGlite thread: only parsers that keep the text are supported (${type})`);
    return Number(type);
  });
}

/** What drizzle calls on a client, and on the transaction it hands a callback. */
export type PgliteQueries = {
  query: (sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;
  exec: (sql: string) => Promise<Results[]>;
};

export class PgliteThread implements PgliteQueries {
  /** Settles once PostgreSQL is up (after the template's copy on a first start). */
  readonly ready: Promise<void>;
  /**
   * Resolves if the thread, once started, fails or ends without close():
   * every query then answers as an outage, so main.ts exits for a supervisor
   * to restart the process (docs/decisions/018). Never settles otherwise.
   */
  readonly lost: Promise<Error>;
  #reportLost: (error: Error) => void = () => {};
  #closing = false;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #nextTransaction = 1;
  /** Set when the thread failed or ended: every later call rejects with it. */
  #gone: Error | undefined;

  constructor(options: PgliteThreadOptions) {
    const { dataDir, loadDataDir, templateDir } = options;
    const copyFirst = dataDir && templateDir && existsSync(templateDir) && isEmptyFolder(dataDir);
    const copying = copyFirst ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
    if (dataDir && !copyFirst) mkdirSync(dataDir, { recursive: true });
    this.#worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
      workerData: { dataDir, loadDataDir, copying, postgresqlconf: [`shared_buffers=${PGLITE_SHARED_BUFFERS}`] },
    });
    let copyFailure: unknown;
    if (copying && dataDir && templateDir) {
      // Here, synchronously, while the thread starts and compiles PostgreSQL: it waits for this copy.
      try {
        copyTemplate(templateDir, dataDir);
        Atomics.store(copying, 0, 1);
      } catch (error) {
        copyFailure = error;
        Atomics.store(copying, 0, 2);
      }
      Atomics.notify(copying, 0);
    }
    this.lost = new Promise((resolve) => {
      this.#reportLost = resolve;
    });
    this.ready = new Promise((resolve, reject) => {
      this.#worker.once("message", (message: { ready?: true; startFailed?: Record<string, unknown> }) => {
        if (message.ready) return resolve();
        this.#gone = copyFailure instanceof Error ? copyFailure : rebuiltError(message.startFailed ?? {});
        reject(this.#gone);
      });
      this.#worker.once("error", reject);
      // Settled already if it started; otherwise a thread that ends without a word must not leave callers waiting.
      this.#worker.once("exit", (code) => reject(new Error(`the embedded database's thread ended (exit ${code})`)));
    });
    // Until someone awaits it, a failed start must not count as unhandled: the first call reports it.
    this.ready.catch(() => {});
    this.#worker.on("message", (message: { id?: number; result?: unknown; error?: Record<string, unknown> }) => {
      if (message.id === undefined) return;
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.error) pending?.reject(rebuiltError(message.error));
      else pending?.resolve(message.result);
    });
    this.#worker.on("error", (error) => this.#fail(error));
    this.#worker.on("exit", () => this.#fail(new Error("the embedded database has closed")));
  }

  /** Every waiting call fails with an outage's code (docs/decisions/018: 503, try again). */
  #fail(cause: Error) {
    this.#gone ??= Object.assign(new Error(`the embedded database stopped: ${cause.message}`), {
      code: "08006",
      cause,
    });
    for (const pending of this.#pending.values()) pending.reject(this.#gone);
    this.#pending.clear();
    if (this.#closing) return;
    // Lost only once it had started: a failed start rejects `ready` instead.
    this.ready.then(
      () => this.#reportLost(this.#gone as Error),
      () => {},
    );
  }

  async #call<T>(request: Request): Promise<T> {
    await this.ready;
    if (this.#gone) throw this.#gone;
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ id, ...request });
    });
  }

  /** A query, outside any transaction or in `tx`. */
  async #query(tx: number | undefined, sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    const rawTypes = rawTypesOf(options?.parsers);
    return this.#call({ op: "query", tx, sql, params, rowMode: options?.rowMode, rawTypes });
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    return this.#query(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call({ op: "exec", sql });
  }

  /** PGlite's transaction, run in the thread: committed when `callback` resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: PgliteQueries) => Promise<T>): Promise<T> {
    const tx = this.#nextTransaction++;
    await this.#call({ op: "begin", tx });
    let result: T;
    try {
      result = await callback({
        query: (sql, params, options) => this.#query(tx, sql, params, options),
        exec: (sql) => this.#call({ op: "exec", tx, sql }),
      });
    } catch (error) {
      await this.#call({ op: "rollback", tx }).catch(() => {});
      throw error;
    }
    await this.#call({ op: "commit", tx });
    return result;
  }

  /** The data folder as a gzipped tarball (the build's template, server/db/pglite-template.ts). */
  async dumpDataDir(): Promise<Blob> {
    const bytes = await this.#call<Uint8Array<ArrayBuffer>>({ op: "dump" });
    return new Blob([bytes], { type: "application/x-gzip" });
  }

  /** The data folder copied to `into` (a new folder) between two statements: what a power cut would leave (docs/decisions/075). */
  async copyDataDir(into: string): Promise<void> {
    await this.#call({ op: "copy", into });
  }

  /** Closes PostgreSQL cleanly; the thread then ends. */
  async close(): Promise<void> {
    if (this.#gone) return;
    this.#closing = true;
    await this.#call({ op: "close" });
    this.#gone = Object.assign(new Error("the embedded database is closed"), { code: "08003" });
  }
}
