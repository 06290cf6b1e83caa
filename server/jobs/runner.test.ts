import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "#server/db/schema/index.ts";
import { createTestApp } from "#tests/api/test-app.ts";
import {
  backoffMs,
  createJobBell,
  enqueueJob,
  type JobDefinition,
  LEASE_MS,
  runDueJobs,
  scheduleDailyJobs,
  startJobRunner,
} from "./runner.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rowOf = async (name: string, key: string) =>
  (await t.db.select().from(jobs).where(eq(jobs.name, name))).find((row) => row.key === key);

describe("the job runner", () => {
  it("runs each job once when two runners race on one database", async () => {
    const runs = new Map<string, number>();
    const definitions: JobDefinition[] = [
      {
        name: "race",
        run: async ({ job }) => {
          runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
          await sleep(5); // let the other runner try meanwhile
        },
      },
    ];
    const now = at("2026-11-22T12:00:00Z");
    for (let i = 0; i < 12; i++) await enqueueJob(t.db, { name: "race", key: `k${i}`, runAt: now });
    const [a, b] = await Promise.all([
      runDueJobs({ db: t.db, definitions, now, workerId: "a" }),
      runDueJobs({ db: t.db, definitions, now, workerId: "b" }),
    ]);
    expect(a.finished + b.finished).toBe(12);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(12);
    const rows = await t.db.select().from(jobs).where(eq(jobs.name, "race"));
    expect(rows.every((row) => row.finishedAt && row.attempts === 1 && !row.lockedBy)).toBe(true);
  });

  it("enqueuing the same (name, key) twice is a no-op", async () => {
    const runAt = at("2100-01-01T00:00:00Z"); // never due in the other tests
    expect(await enqueueJob(t.db, { name: "once", key: "x", runAt })).toBe(true);
    expect(await enqueueJob(t.db, { name: "once", key: "x", runAt })).toBe(false);
  });

  it("leaves a job it has no handler for to a process that has one", async () => {
    const now = at("2026-11-22T12:00:00Z");
    await enqueueJob(t.db, { name: "from-a-newer-version", key: "1", runAt: now });
    expect(await runDueJobs({ db: t.db, definitions: [], now })).toEqual({ finished: 0, failed: 0 });
    const row = await rowOf("from-a-newer-version", "1");
    expect(row).toMatchObject({ attempts: 0, lockedBy: null, failedAt: null });
    let calls = 0;
    const newer: JobDefinition[] = [{ name: "from-a-newer-version", run: async () => void calls++ }];
    expect(await runDueJobs({ db: t.db, definitions: newer, now })).toEqual({ finished: 1, failed: 0 });
    expect(calls).toBe(1);
  });

  it("retries a failing handler with exponential backoff, then marks it failed", async () => {
    let calls = 0;
    const definitions: JobDefinition[] = [
      {
        name: "flaky",
        run: async () => {
          calls += 1;
          throw new Error("serviço indisponível");
        },
      },
    ];
    let now = at("2026-11-22T12:00:00Z");
    await enqueueJob(t.db, { name: "flaky", key: "1", runAt: now, maxAttempts: 3 });

    expect(await runDueJobs({ db: t.db, definitions, now })).toEqual({ finished: 0, failed: 1 });
    let row = await rowOf("flaky", "1");
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain("serviço indisponível");
    expect(row?.runAt.getTime()).toBe(now.getTime() + backoffMs(1));
    expect(row?.failedAt).toBeNull();

    // Not due again before its backoff ends.
    expect(await runDueJobs({ db: t.db, definitions, now: new Date(now.getTime() + backoffMs(1) - 1) })).toEqual({
      finished: 0,
      failed: 0,
    });
    now = new Date(now.getTime() + backoffMs(1));
    await runDueJobs({ db: t.db, definitions, now });
    row = await rowOf("flaky", "1");
    expect(row?.attempts).toBe(2);
    expect(row?.runAt.getTime()).toBe(now.getTime() + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));

    now = new Date(now.getTime() + backoffMs(2));
    await runDueJobs({ db: t.db, definitions, now });
    row = await rowOf("flaky", "1");
    expect(row?.attempts).toBe(3);
    expect(row?.failedAt?.getTime()).toBe(now.getTime());
    expect(calls).toBe(3);

    // Failed for good: never taken again.
    await runDueJobs({ db: t.db, definitions, now: new Date(now.getTime() + 86_400_000) });
    expect(calls).toBe(3);
  });

  it("renews a running job's lease, so a job longer than the lease is not taken by another runner", async () => {
    const now = new Date();
    await enqueueJob(t.db, { name: "long", key: "1", runAt: now });
    const leases: number[] = [];
    let runs = 0;
    const definitions: JobDefinition[] = [
      {
        name: "long",
        run: async () => {
          runs += 1;
          leases.push((await rowOf("long", "1"))?.lockedUntil?.getTime() ?? 0);
          await sleep(400);
          leases.push((await rowOf("long", "1"))?.lockedUntil?.getTime() ?? 0);
          // Another runner, past the first lease: it is renewed, so the other does not take the job.
          if (runs === 1) await runDueJobs({ db: t.db, definitions, now: new Date(now.getTime() + LEASE_MS + 100) });
        },
      },
    ];
    await runDueJobs({ db: t.db, definitions, now, leaseRenewMs: 100 });
    expect(runs).toBe(1);
    expect(leases[0]).toBe(now.getTime() + LEASE_MS);
    expect(leases[1]).toBeGreaterThanOrEqual(now.getTime() + LEASE_MS + 200);
    expect((await rowOf("long", "1"))?.finishedAt).not.toBeNull();
  });

  it("takes again a job whose runner died (its lease ran out), not before", async () => {
    const now = at("2026-11-22T12:00:00Z");
    await enqueueJob(t.db, { name: "orphan", key: "1", runAt: now });
    // A runner claimed it and died: locked, never finished.
    await t.db
      .update(jobs)
      .set({ lockedBy: "dead", lockedUntil: new Date(now.getTime() + LEASE_MS), attempts: 1 })
      .where(eq(jobs.name, "orphan"));
    let calls = 0;
    const definitions: JobDefinition[] = [
      {
        name: "orphan",
        run: async () => {
          calls += 1;
        },
      },
    ];

    await runDueJobs({ db: t.db, definitions, now: new Date(now.getTime() + LEASE_MS - 1_000) });
    expect(calls).toBe(0);
    await runDueJobs({ db: t.db, definitions, now: new Date(now.getTime() + LEASE_MS + 1) });
    expect(calls).toBe(1);
    const row = await rowOf("orphan", "1");
    expect(row?.finishedAt).not.toBeNull();
    expect(row?.attempts).toBe(2);
  });

  it("a daily job enqueues its next occurrence once, keyed by the day", async () => {
    let calls = 0;
    const definitions: JobDefinition[] = [
      {
        name: "daily",
        daily: { hour: 3, timeZone: "America/Sao_Paulo" },
        run: async () => {
          calls += 1;
        },
      },
    ];
    const now = at("2026-11-22T09:00:00Z"); // 06:00 in São Paulo
    await scheduleDailyJobs(t.db, definitions, now);
    await scheduleDailyJobs(t.db, definitions, now); // a second process starting: no-op
    const today = await rowOf("daily", "2026-11-22");
    expect(today?.runAt.toISOString()).toBe("2026-11-22T06:00:00.000Z"); // 03:00 in São Paulo

    await Promise.all([
      runDueJobs({ db: t.db, definitions, now, workerId: "a" }),
      runDueJobs({ db: t.db, definitions, now, workerId: "b" }),
    ]);
    expect(calls).toBe(1);
    const rows = await t.db.select().from(jobs).where(eq(jobs.name, "daily"));
    expect(rows.map((row) => row.key).sort()).toEqual(["2026-11-22", "2026-11-23"]);
    expect((await rowOf("daily", "2026-11-23"))?.runAt.toISOString()).toBe("2026-11-23T06:00:00.000Z");

    // Scheduling again the same day does not bring today's back; tomorrow it runs once more.
    await scheduleDailyJobs(t.db, definitions, now);
    await runDueJobs({ db: t.db, definitions, now });
    expect(calls).toBe(1);
    await runDueJobs({ db: t.db, definitions, now: at("2026-11-23T06:00:00Z") });
    expect(calls).toBe(2);
    expect((await t.db.select().from(jobs).where(eq(jobs.name, "daily"))).length).toBe(3);
  });

  it("a daily job at 03:00 runs at 03:00 local on the days the clocks change (docs/decisions/029)", async () => {
    const definitions: JobDefinition[] = [
      { name: "daily-ny", daily: { hour: 3, timeZone: "America/New_York" }, run: async () => {} },
    ];
    await scheduleDailyJobs(t.db, definitions, at("2026-03-08T05:30:00Z")); // 00:30 EST
    expect((await rowOf("daily-ny", "2026-03-08"))?.runAt.toISOString()).toBe("2026-03-08T07:00:00.000Z"); // 03:00 EDT
    await scheduleDailyJobs(t.db, definitions, at("2026-11-01T04:30:00Z")); // 00:30 EDT
    expect((await rowOf("daily-ny", "2026-11-01"))?.runAt.toISOString()).toBe("2026-11-01T08:00:00.000Z"); // 03:00 EST
  });

  it("the polling loop schedules and runs at start, polls again, and stop() waits for the job in progress", async () => {
    let calls = 0;
    let finishedAfterStop = false;
    const definitions: JobDefinition[] = [
      {
        name: "loop",
        daily: { hour: 0, timeZone: "UTC" },
        run: async () => {
          calls += 1;
          await sleep(150);
          finishedAfterStop = true;
        },
      },
    ];
    let now = at("2026-12-01T10:00:00Z");
    const runner = startJobRunner({ db: t.db, definitions, intervalMs: 20, now: () => now });
    for (let i = 0; i < 100 && calls === 0; i++) await sleep(10);
    expect(calls).toBe(1); // today's occurrence, at start
    now = at("2026-12-02T00:00:01Z");
    for (let i = 0; i < 100 && calls === 1; i++) await sleep(10);
    finishedAfterStop = false;
    await runner.stop();
    expect(calls).toBe(2); // the next day's, found by polling
    expect(finishedAfterStop).toBe(true); // stop() waited for it
    now = at("2026-12-03T00:00:01Z");
    await sleep(60);
    expect(calls).toBe(2); // stopped: no more polling
  });

  it("waits firstTickMs before its first tick, and a stop before then runs nothing", async () => {
    let calls = 0;
    const definitions: JobDefinition[] = [
      {
        name: "later",
        daily: { hour: 0, timeZone: "UTC" },
        run: async () => {
          calls += 1;
        },
      },
    ];
    const now = at("2026-12-05T10:00:00Z");
    const stopped = startJobRunner({ db: t.db, definitions, intervalMs: 60_000, firstTickMs: 100, now: () => now });
    await stopped.stop();
    await sleep(200);
    expect(calls).toBe(0);

    const runner = startJobRunner({ db: t.db, definitions, intervalMs: 60_000, firstTickMs: 150, now: () => now });
    await sleep(50);
    expect(calls).toBe(0);
    for (let i = 0; i < 100 && calls === 0; i++) await sleep(10);
    expect(calls).toBe(1);
    await runner.stop();
  });

  it("runs a job enqueued due now at once when its bell rings, not at the next poll", async () => {
    const ran: string[] = [];
    const definitions: JobDefinition[] = [{ name: "rung", run: async ({ job }) => void ran.push(job.key) }];
    const bell = createJobBell();
    const now = at("2026-12-06T10:00:00Z");
    const runner = startJobRunner({
      db: t.db,
      definitions,
      intervalMs: 60_000,
      firstTickMs: 60_000,
      bell,
      now: () => now,
    });
    await enqueueJob(t.db, { name: "rung", key: "first", runAt: now });
    bell.ring();
    bell.ring(); // a burst of rings: one tick runs what is due
    for (let i = 0; i < 1000 && ran.length === 0; i++) await sleep(10);
    expect(ran).toEqual(["first"]);
    await sleep(200); // that tick has ended
    await enqueueJob(t.db, { name: "rung", key: "second", runAt: now });
    await sleep(300);
    expect(ran).toEqual(["first"]); // without a ring it waits for the poll
    bell.ring();
    for (let i = 0; i < 1000 && ran.length === 1; i++) await sleep(10);
    expect(ran).toEqual(["first", "second"]);
    await runner.stop();
  });
});
