/**
 * PGlite's WebAssembly compiled (on V8's background threads), for
 * openDatabase (server/db/client.ts). server/early-start.ts starts this before
 * the server's modules load, so the compilation overlaps that loading instead
 * of following it (docs/decisions/021). Node's own modules only, so starting
 * it costs nothing first.
 *
 * Compiled by V8's baseline compiler only (Liftoff), never tiered up to
 * optimised code: PostgreSQL's hot functions, optimised one by one in the
 * first minutes, held about 40 MB more for a few per cent of query speed once
 * warm, and cost more than they saved in the first thousand queries
 * (docs/decisions/021, goal ≤ 250 MB idle). The flag applies to WebAssembly
 * compiled after it, and PGlite is the only WebAssembly the server runs.
 */
import { readFile } from "node:fs/promises";
import { setFlagsFromString } from "node:v8";

export type PglitePrepared = { wasmModule: WebAssembly.Module };

export async function preparePglite(): Promise<PglitePrepared> {
  setFlagsFromString("--liftoff-only");
  const bytes = await readFile(new URL("pglite.wasm", import.meta.resolve("@electric-sql/pglite")));
  return { wasmModule: await WebAssembly.compile(bytes) };
}
