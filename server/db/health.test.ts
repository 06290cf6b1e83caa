import { describe, expect, it } from "vitest";
import type { Db } from "./client.ts";
import { checkDatabase, isDurabilityAtRisk } from "./health.ts";

const fakeDb = (execute: () => Promise<unknown>) => ({ execute }) as unknown as Db;

describe("checkDatabase", () => {
  it("reports synchronous_commit, and flags it when off", async () => {
    const health = await checkDatabase(fakeDb(async () => [{ synchronous_commit: "off" }]));
    expect(health).toEqual({ database: "ok", synchronousCommit: "off" });
    expect(isDurabilityAtRisk(health)).toBe(true);
    expect(
      isDurabilityAtRisk(await checkDatabase(fakeDb(async () => ({ rows: [{ synchronous_commit: "on" }] })))),
    ).toBe(false);
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
