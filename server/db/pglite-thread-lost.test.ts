import { describe, expect, it, vi } from "vitest";
import { classifyDatabaseError } from "./db-errors.ts";

/** The threads PgliteThread starts, so a test can end one as a crash would. */
const started = vi.hoisted(() => [] as import("node:worker_threads").Worker[]);
vi.mock("node:worker_threads", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:worker_threads")>();
  class RecordedWorker extends original.Worker {
    constructor(...args: ConstructorParameters<typeof original.Worker>) {
      super(...args);
      started.push(this);
    }
  }
  return { ...original, Worker: RecordedWorker };
});

const { PgliteThread } = await import("./pglite-thread.ts");

describe("the embedded database's thread when it stops", () => {
  it("reports itself lost when it ends without close(), and answers later queries as an outage", async () => {
    const thread = new PgliteThread({});
    await thread.ready;
    const worker = started.at(-1);
    await worker?.terminate();
    const lost = await thread.lost;
    expect(lost.message).toMatch(/embedded database stopped/);
    expect(classifyDatabaseError(await thread.query("select 1").catch((caught) => caught))).toBe("unavailable");
  });

  it("is not lost when closed on purpose", async () => {
    const thread = new PgliteThread({});
    await thread.ready;
    await thread.close();
    const settled = await Promise.race([
      thread.lost.then(() => "lost"),
      new Promise((r) => setTimeout(r, 300, "not lost")),
    ]);
    expect(settled).toBe("not lost");
  });
});
