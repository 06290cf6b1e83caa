import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyDatabaseError } from "./db-errors.ts";
import { PgliteThread } from "./pglite-thread.ts";

/** The embedded database's thread behaves as PGlite itself for what drizzle and the product rely on. */
describe("the embedded database on its own thread", () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = new PgliteThread({});
    await thread.ready;
    await thread.exec("create table t (id int primary key, note text, day date)");
  });
  afterAll(() => thread.close());

  it("answers queries with parameters, in object or array rows, and keeps drizzle's text types as text", async () => {
    await thread.query("insert into t values ($1, $2, $3)", [1, "um", "2026-11-26"]);
    const keepText = (value: string) => value;
    const objects = await thread.query("select id, note, day from t", [], { parsers: { 1082: keepText } });
    expect(objects.rows).toEqual([{ id: 1, note: "um", day: "2026-11-26" }]);
    const arrays = await thread.query("select id, day from t", [], { rowMode: "array" });
    expect(arrays.rows).toEqual([[1, new Date("2026-11-26T00:00:00.000Z")]]);
    expect(objects.fields.map((field) => field.name)).toEqual(["id", "note", "day"]);
    // A parser that changes the value cannot cross to the thread: refused, never silently ignored.
    await expect(thread.query("select 1", [], { parsers: { 23: (value) => Number(value) } })).rejects.toThrow(
      /only parsers that keep the text/,
    );
  });

  it("keeps a database error's fields, so the product reads it as the driver's", async () => {
    const error = await thread.query("insert into t values (1, 'dois', null)").catch((caught) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "t_pkey", table: "t" });
    const badData = await thread.query("select 1 / 0").catch((caught) => caught);
    expect(classifyDatabaseError(badData)).toBe("bad-data");
  });

  it("commits a transaction that resolves, rolls back one that throws, and holds other queries until it ends", async () => {
    await thread.transaction(async (tx) => {
      await tx.query("insert into t values (2, 'dois', null)");
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into t values (3, 'três', null)");
        throw new Error("desfeito");
      }),
    ).rejects.toThrow("desfeito");
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const inside = thread.transaction(async (tx) => {
      await tx.query("insert into t values (4, 'quatro', null)");
      order.push("transaction wrote");
      await held;
      order.push("transaction ends");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = thread.query("select count(*)::int as n from t").then((result) => {
      order.push("outside read");
      return result.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await inside;
    // The outside read waited for the commit and saw its row.
    expect(await outside).toEqual([{ n: 3 }]);
    expect(order).toEqual(["transaction wrote", "transaction ends", "outside read"]);
  });

  it("dumps its data folder, and a closed thread answers as an outage", async () => {
    const dump = await thread.dumpDataDir();
    expect(dump.size).toBeGreaterThan(1_000_000);
    const copy = new PgliteThread({ loadDataDir: new Uint8Array(await dump.arrayBuffer()) });
    expect((await copy.query("select count(*)::int as n from t")).rows).toEqual([{ n: 3 }]);
    await copy.close();
    const error = await copy.query("select 1").catch((caught) => caught);
    expect(classifyDatabaseError(error)).toBe("unavailable");
  });
});

describe("the server bundle's stand-in for PGlite", () => {
  it("names PostgreSQL's types with PGlite's own numbers", async () => {
    const [{ types: real }, { types: standIn }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("./pglite-stand-in.ts"),
    ]);
    for (const [name, number] of Object.entries(standIn)) expect(real[name as keyof typeof real]).toBe(number);
  });
});
