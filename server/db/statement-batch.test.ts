import { describe, expect, it } from "vitest";
import { statementBatch } from "./statement-batch.ts";

/** A batch whose statement is a promise the test ends, recording what each run was asked. */
function recorded(inFlight = 1) {
  const runs: number[][] = [];
  const ends: Array<() => void> = [];
  const batch = statementBatch<number, number | Promise<number>>(async (asked) => {
    runs.push(asked);
    await new Promise<void>((end) => ends.push(end));
    return asked.map((n) => (n < 0 ? Promise.reject(new Error(`no ${n}`)) : n * 10));
  }, inFlight);
  return { runs, ends, batch };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("statementBatch", () => {
  it("answers the requests of one turn with one run, and those asked meanwhile with the next", async () => {
    const { runs, ends, batch } = recorded();
    const first = [batch.ask(1), batch.ask(2), batch.ask(3)];
    await turn();
    const second = [batch.ask(4), batch.ask(5)];
    await turn();
    expect(runs).toEqual([[1, 2, 3]]); // one in flight at a time
    ends.shift()?.();
    expect(await Promise.all(first)).toEqual([10, 20, 30]);
    await turn();
    await turn();
    expect(runs).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    ends.shift()?.();
    expect(await Promise.all(second)).toEqual([40, 50]);
  });

  it("runs up to `inFlight` batches at once, and gathers the rest for the first that ends", async () => {
    const { runs, ends, batch } = recorded(2);
    const first = batch.ask(1);
    await turn();
    const second = batch.ask(2);
    await turn();
    const third = [batch.ask(3), batch.ask(4)];
    await turn();
    expect(runs).toEqual([[1], [2]]);
    ends.shift()?.();
    expect(await first).toBe(10);
    await turn();
    await turn();
    expect(runs).toEqual([[1], [2], [3, 4]]);
    for (const end of ends.splice(0)) end();
    expect(await Promise.all([second, ...third])).toEqual([20, 30, 40]);
  });

  it("fails only the request whose own answer failed", async () => {
    const { ends, batch } = recorded();
    const asked = Promise.allSettled([batch.ask(1), batch.ask(-2), batch.ask(3)]);
    await turn();
    ends.shift()?.();
    expect((await asked).map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  });

  it("fails the whole batch when the run fails, and runs the next one", async () => {
    let fail = true;
    const batch = statementBatch<number, number>(async (asked) => {
      if (fail) throw new Error("the database went away");
      return asked;
    });
    const failed = Promise.allSettled([batch.ask(1), batch.ask(2)]);
    await turn();
    fail = false;
    const later = batch.ask(3);
    const settled = await failed;
    expect(settled.map((result) => result.status === "rejected" && String(result.reason))).toEqual([
      "Error: the database went away",
      "Error: the database went away",
    ]);
    expect(await later).toBe(3);
  });
});
