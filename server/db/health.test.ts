import { describe, expect, it } from "vitest";
import type { Db } from "./client.ts";
import { checkDatabase, nonDurableSettings } from "./health.ts";

const fakeDb = (execute: () => Promise<unknown>) => ({ execute }) as unknown as Db;

describe("checkDatabase", () => {
  it("reports synchronous_commit and fsync, and names what is off", async () => {
    const health = await checkDatabase(fakeDb(async () => [{ synchronous_commit: "off", fsync: "off" }]));
    expect(health).toEqual({ database: "ok", synchronousCommit: "off", fsync: "off", synchronousStandby: null });
    expect(nonDurableSettings(health, "postgres")).toEqual(["synchronous_commit=off", "fsync=off"]);
    const durable = await checkDatabase(fakeDb(async () => ({ rows: [{ synchronous_commit: "on", fsync: "on" }] })));
    expect(nonDurableSettings(durable, "postgres")).toEqual([]);
  });

  it("holds PGlite, which runs without fsync by design, to synchronous_commit only", () => {
    const pglite = { database: "ok" as const, synchronousCommit: "on", fsync: "off", synchronousStandby: null };
    expect(nonDurableSettings(pglite, "pglite")).toEqual([]);
    expect(nonDurableSettings({ ...pglite, synchronousCommit: "off" }, "pglite")).toEqual(["synchronous_commit=off"]);
  });

  it("says when the synchronous standby that PostgreSQL waits for is missing (docs/decisions/099)", async () => {
    const primary = (inSync: number, names = "*", commit = "on") =>
      checkDatabase(
        fakeDb(async () => [{ synchronous_commit: commit, fsync: "on", standby_names: names, in_sync: inSync }]),
        2_000,
        "postgres",
      );
    expect((await primary(1)).synchronousStandby).toBe("ok");
    expect((await primary(0)).synchronousStandby).toBe("missing");
    // Nothing asked for (one node, knowingly), or commits that do not wait for it.
    expect((await primary(0, "")).synchronousStandby).toBeNull();
    expect((await primary(0, "*", "local")).synchronousStandby).toBeNull();
  });

  it("never hangs: a database that does not answer is unavailable after the timeout", async () => {
    const health = await checkDatabase(
      fakeDb(() => new Promise(() => {})),
      50,
    );
    expect(health.database).toBe("unavailable");
  });

  it("reports a failing database as unavailable", async () => {
    const health = await checkDatabase(
      fakeDb(async () => {
        throw Object.assign(new Error("down"), { code: "ECONNREFUSED" });
      }),
    );
    expect(health.database).toBe("unavailable");
  });
});
