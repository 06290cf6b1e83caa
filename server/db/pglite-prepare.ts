/**
 * PGlite's WebAssembly compiled (on V8's background threads), for
 * openDatabase (server/db/client.ts). server/early-start.ts starts this before
 * the server's modules load, so the compilation overlaps that loading instead
 * of following it (docs/decisions/021). Node's own modules only, so starting
 * it costs nothing first.
 */
import { readFile } from "node:fs/promises";

export type PglitePrepared = { wasmModule: WebAssembly.Module };

export async function preparePglite(): Promise<PglitePrepared> {
  const bytes = await readFile(new URL("pglite.wasm", import.meta.resolve("@electric-sql/pglite")));
  return { wasmModule: await WebAssembly.compile(bytes) };
}
