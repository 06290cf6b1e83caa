/**
 * Imported first by main.ts, so it runs before the rest of the server's
 * modules load: with the embedded database it starts compiling PGlite's
 * WebAssembly, and on a first start unpacking the build's template in a child
 * process, at once; that work (on other threads and processes: V8's compiler,
 * the kernel creating 1,250 files) overlaps the half second of module loading
 * instead of following it (docs/decisions/021). It reads DATA_DIR and
 * DATABASE_URL as server/env.ts does; main.ts uses the result only for the
 * folder it resolved itself.
 */
import path from "node:path";
import { type PglitePrepared, preparePglite } from "#server/db/pglite-prepare.ts";
import { copyTemplateApart } from "#server/db/template-unpack.ts";

const dir = path.join(process.env.DATA_DIR ?? "./data", "db");

const embedded = !process.env.DATABASE_URL?.trim();
export const earlyTemplate = embedded ? { dir, unpacked: copyTemplateApart(import.meta.dirname, dir) } : undefined;
let earlyPglite = embedded ? preparePglite() : undefined;
// main.ts awaits them; until then a failure must not count as unhandled.
earlyTemplate?.unpacked.catch(() => {});
earlyPglite?.catch(() => {});

/** The compiled WebAssembly, handed over once: nothing here keeps it (or its 9 MB of bytes) after. */
export function takeEarlyPglite(): Promise<PglitePrepared> | undefined {
  const taken = earlyPglite;
  earlyPglite = undefined;
  return taken;
}
