import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { diskStorage } from "./disk-storage.ts";
import { BUCKET } from "./storage.ts";

describe("disk storage", () => {
  const roots: string[] = [];
  afterAll(async () => {
    for (const root of roots) await rm(root, { recursive: true, force: true });
  });

  // A refused upload (its size limit passed on the first bytes) once left an empty file in about one put in
  // thirty: the write stream opened its file lazily, after put's unlink had already run.
  it("keeps nothing of a body that fails at once, however often", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "sereno-disk-"));
    roots.push(root);
    const storage = diskStorage(root);
    await storage.setup();
    const refused = () =>
      Readable.from(
        (async function* () {
          yield* [];
          throw new Error("too large");
        })(),
      );
    // Twenty at a time, as a busy server would: the file system's thread pool is what makes an open late.
    for (let round = 0; round < 10; round++) {
      const puts = Array.from({ length: 20 }, (_, i) =>
        storage.put(`media/refused-${round}-${i}.pdf`, refused(), "application/pdf"),
      );
      // Settled together: awaiting one at a time would leave the later rejections unhandled for a while.
      const settled = await Promise.allSettled(puts);
      expect(settled.map((result) => result.status === "rejected" && String(result.reason))).toEqual(
        puts.map(() => "Error: too large"),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readdir(path.join(root, BUCKET, "media"))).toEqual([]);
  });
});
