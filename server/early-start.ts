/**
 * Imported first by main.ts, so it runs before the rest of the server's
 * modules load: on a first start of the embedded database it starts
 * unpacking the build's template in a child process at once, and that work
 * (mostly the kernel creating 1,250 files) overlaps the half second of module
 * loading instead of following it (docs/decisions/021). It reads DATA_DIR and
 * DATABASE_URL as server/env.ts does; main.ts uses the result only for the
 * folder it resolved itself.
 */
import path from "node:path";
import { unpackTemplateApart } from "#server/db/template-unpack.ts";

const dir = path.join(process.env.DATA_DIR ?? "./data", "db");

export const earlyTemplate = process.env.DATABASE_URL?.trim()
  ? undefined
  : { dir, unpacked: unpackTemplateApart(import.meta.dirname, dir) };
// main.ts awaits it; until then a failure must not count as unhandled.
earlyTemplate?.unpacked.catch(() => {});
