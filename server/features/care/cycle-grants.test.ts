import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { careSettings, creditLedger } from "#server/db/schema/index.ts";
import { runDueJobs, scheduleDailyJobs } from "#server/jobs/runner.ts";
import { companyWithManager, createPerson, signIn } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, testClock } from "#tests/api/test-app.ts";
import { grantCycleCredits } from "./cycle-grants.ts";

// Grants written ahead at each cycle start (docs/decisions/025): the daily job, on the runner, with a clock we move.
const clock = testClock("2026-11-30T20:00:00-03:00");
let t: TestApp;
let company: Awaited<ReturnType<typeof companyWithManager>>;
const members: string[] = [];

const grantsOf = (cycle: string) =>
  t.db
    .select()
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.companyId, company.company.id),
        eq(creditLedger.cycleStart, cycle),
        eq(creditLedger.kind, "grant"),
      ),
    );

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  company = await companyWithManager(t.app, t.db);
  await t.db.insert(careSettings).values({ companyId: company.company.id, sessionsPerCycle: 3, cycle: "month" });
  for (let i = 0; i < 6; i++) members.push((await createPerson(t.db, { companyId: company.company.id })).userId);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("the cycle's credits, granted by a job", () => {
  it("gives every member and the manager the cycle's grant just after midnight, once, however often it runs", async () => {
    const definitions = t.app.deps.jobs;
    // November: one member opened care (the lazy grant) and has 3 left over.
    await grantCycleCredits(t.db, new Date("2026-11-10T12:00:00-03:00"));
    expect(await grantsOf("2026-11-01")).toHaveLength(7);

    // 1 December 00:00 in São Paulo: the daily occurrence is due and grants December.
    const midnight = new Date("2026-12-01T00:05:00-03:00");
    await scheduleDailyJobs(t.db, definitions, midnight);
    await runDueJobs({ db: t.db, definitions, now: midnight });
    const december = await grantsOf("2026-12-01");
    expect(december).toHaveLength(7);
    expect(december.every((row) => row.amount === 3)).toBe(true);
    expect(new Set(december.map((row) => row.memberId))).toEqual(new Set([...members, company.manager.userId]));
    // November's leftovers are written off once: no rollover.
    const expired = await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.companyId, company.company.id), eq(creditLedger.kind, "expire")));
    expect(expired).toHaveLength(7);
    expect(expired.every((row) => row.amount === -3 && row.cycleStart === "2026-11-01")).toBe(true);

    // Again, twice at once (two processes, or 'Executar agora'): nothing new.
    const again = await Promise.all([grantCycleCredits(t.db, midnight), grantCycleCredits(t.db, midnight)]);
    expect(again.map((result) => result.granted + result.expired)).toEqual([0, 0]);
    expect(await grantsOf("2026-12-01")).toHaveLength(7);
  });

  it("leaves the lazy grant as the fallback for someone who joined after the run, without a second grant for others", async () => {
    clock.set("2026-12-02T10:00:00-03:00");
    const late = await createPerson(t.db, { companyId: company.company.id, createdAt: clock.now() });
    const { cookie } = await signIn(t.app, late.email);
    const credits = await t.app.inject({
      method: "GET",
      url: "/api/care/credits",
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(credits.json()).toMatchObject({ available: 3, granted: 3, cycleStart: "2026-12-01" });
    expect(await grantsOf("2026-12-01")).toHaveLength(8);
    await grantCycleCredits(t.db, clock.now());
    expect(await grantsOf("2026-12-01")).toHaveLength(8);
  });

  it("makes /appointments count, for December, the people who were members when it began: not the one who joined on the 2nd", async () => {
    clock.set("2027-01-05T10:00:00-03:00");
    const usage = await t.app.inject({
      method: "GET",
      url: "/api/care/usage",
      headers: { origin: TEST_ORIGIN, cookie: company.manager.cookie },
    });
    expect(usage.statusCode).toBe(200);
    const months = (usage.json() as { months: { month: string; members: number }[] }).months;
    // Six members and the manager; the one who joined on 2 December (and got December's sessions) counts from January.
    expect(months.find((row) => row.month === "2026-12")?.members).toBe(7);
  });
});
