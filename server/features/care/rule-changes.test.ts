/**
 * A change of a company's care rule (docs/decisions/039): the sessions and the cycle wait for the end of the
 * cycle in force, the lazy grant and the daily job both read the rule of their instant, the admin sees what is
 * in force and what waits, and a second change replaces the first.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { careSettings, creditLedger } from "#server/db/schema/index.ts";
import { verifiedPsychologist } from "#tests/api/care.ts";
import { book, creditsOf, sp } from "#tests/api/care-calls.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { grantCycleCredits } from "./cycle-grants.ts";

// Sunday 22 November 2026, noon in São Paulo: in the month of November and the quarter October–December.
const START = "2026-11-22T12:00:00-03:00";
const clock = testClock(START);
let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInPerson>>;
let admin: Person;
let psi: Awaited<ReturnType<typeof verifiedPsychologist>>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
  psi = await verifiedPsychologist(t, admin.as);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

afterEach(() => clock.set(START));

/** A company with its own rule from before today, and its manager, who books for themselves like any member. */
async function companyWithRule(sessionsPerCycle: number, cycle: "month" | "quarter" | "year") {
  const { company, manager } = await companyWithManager(t.app, t.db);
  await t.db.insert(careSettings).values({ companyId: company.id, sessionsPerCycle, cycle });
  return { company, manager, url: `/api/admin/companies/${company.id}/care` };
}

const setRule = async (url: string, sessionsPerCycle: number, cycle: string, lateCancelConsumes = false) => {
  const response = await admin.as({ method: "PUT", url, payload: { sessionsPerCycle, cycle, lateCancelConsumes } });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe("a change of the care rule", () => {
  it("from quarter to month keeps the quarter until it ends, then grants months", async () => {
    const { manager, url } = await companyWithRule(2, "quarter");
    expect((await book(manager.as, psi.id, sp("2026-11-24", "09:00"))).statusCode).toBe(201);
    expect(await creditsOf(manager.as)).toMatchObject({ granted: 2, available: 1, cycleStart: "2026-10-01" });

    const saved = await setRule(url, 1, "month");
    expect(saved).toMatchObject({
      sessionsPerCycle: 2,
      cycle: "quarter",
      cycleStart: "2026-10-01",
      cycleEnd: "2027-01-01",
      pending: { sessionsPerCycle: 1, cycle: "month", from: "2027-01-01" },
    });
    // Not a new month of November (1 session again), nor December: the quarter runs to its end.
    expect(await creditsOf(manager.as)).toMatchObject({ granted: 2, available: 1, cycleStart: "2026-10-01" });
    clock.set("2026-12-15T10:00:00-03:00");
    expect(await creditsOf(manager.as)).toMatchObject({ available: 1, cycle: "quarter", cycleStart: "2026-10-01" });

    clock.set("2027-01-01T00:30:00-03:00");
    expect(await creditsOf(manager.as)).toMatchObject({
      granted: 1,
      available: 1,
      cycle: "month",
      cycleStart: "2027-01-01",
      cycleEnd: "2027-02-01",
    });
    expect((await admin.as({ url })).json()).toMatchObject({ sessionsPerCycle: 1, cycle: "month", pending: null });
  });

  it("of the count alone keeps the current cycle's grant and gives the new count from the next", async () => {
    const { manager, url } = await companyWithRule(3, "month");
    expect((await book(manager.as, psi.id, sp("2026-11-24", "10:00"))).statusCode).toBe(201);
    const saved = await setRule(url, 5, "month");
    expect(saved.pending).toEqual({ sessionsPerCycle: 5, cycle: "month", from: "2026-12-01" });
    expect(await creditsOf(manager.as)).toMatchObject({ granted: 3, available: 2, cycleStart: "2026-11-01" });

    clock.set("2026-12-01T08:00:00-03:00");
    expect(await creditsOf(manager.as)).toMatchObject({ granted: 5, available: 5, cycleStart: "2026-12-01" });
  });

  it("replaces a change still waiting, and one back to the rule in force leaves nothing waiting", async () => {
    const { company, url } = await companyWithRule(3, "month");
    expect((await setRule(url, 6, "quarter")).pending).toEqual({
      sessionsPerCycle: 6,
      cycle: "quarter",
      from: "2027-01-01",
    });
    clock.set("2026-11-25T09:00:00-03:00");
    expect((await setRule(url, 4, "month")).pending).toEqual({
      sessionsPerCycle: 4,
      cycle: "month",
      from: "2026-12-01",
    });
    expect((await admin.as({ url })).json()).toMatchObject({
      sessionsPerCycle: 3,
      cycle: "month",
      pending: { sessionsPerCycle: 4, cycle: "month", from: "2026-12-01" },
    });
    const [row] = await t.db.select().from(careSettings).where(eq(careSettings.companyId, company.id));
    expect(row).toMatchObject({ sessionsPerCycle: 3, cycle: "month", nextSessionsPerCycle: 4, nextFrom: "2026-12-01" });

    expect((await setRule(url, 3, "month", true)).pending).toBeNull();
    expect((await admin.as({ url })).json()).toMatchObject({
      sessionsPerCycle: 3,
      cycle: "month",
      lateCancelConsumes: true,
      pending: null,
    });
  });

  it("to a company on its plan's default keeps the default until the end of its cycle", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "essencial" });
    const url = `/api/admin/companies/${company.id}/care`;
    expect(await creditsOf(manager.as)).toMatchObject({ granted: 2, cycle: "month", cycleStart: "2026-11-01" });

    const saved = await setRule(url, 5, "quarter");
    expect(saved).toMatchObject({
      sessionsPerCycle: 2,
      cycle: "month",
      isPlanDefault: true,
      pending: { sessionsPerCycle: 5, cycle: "quarter", from: "2027-01-01" },
    });
    expect(await creditsOf(manager.as)).toMatchObject({ granted: 2, cycleStart: "2026-11-01" });
    clock.set("2026-12-02T10:00:00-03:00");
    expect(await creditsOf(manager.as)).toMatchObject({ granted: 2, cycle: "month", cycleStart: "2026-12-01" });
    clock.set("2027-01-04T10:00:00-03:00");
    expect(await creditsOf(manager.as)).toMatchObject({ granted: 5, cycle: "quarter", cycleStart: "2027-01-01" });
    expect((await admin.as({ url })).json()).toMatchObject({ isPlanDefault: false, pending: null });
  });
});

describe("the daily grant job", () => {
  it("writes the old rule's grant before the change's first day and the new cycle's grant from it", async () => {
    const { company, manager, url } = await companyWithRule(3, "month");
    await setRule(url, 6, "quarter");
    const grants = () =>
      t.db
        .select({ cycleStart: creditLedger.cycleStart, amount: creditLedger.amount })
        .from(creditLedger)
        .where(and(eq(creditLedger.companyId, company.id), eq(creditLedger.kind, "grant")))
        .orderBy(creditLedger.cycleStart);

    await grantCycleCredits(t.db, new Date("2026-12-01T00:05:00-03:00"));
    expect(await grants()).toEqual([{ cycleStart: "2026-12-01", amount: 3 }]);
    await grantCycleCredits(t.db, new Date("2027-01-01T00:05:00-03:00"));
    await grantCycleCredits(t.db, new Date("2027-01-02T00:05:00-03:00"));
    expect(await grants()).toEqual([
      { cycleStart: "2026-12-01", amount: 3 },
      { cycleStart: "2027-01-01", amount: 6 },
    ]);
    const expired = await t.db
      .select({ cycleStart: creditLedger.cycleStart, amount: creditLedger.amount })
      .from(creditLedger)
      .where(and(eq(creditLedger.companyId, company.id), eq(creditLedger.kind, "expire")));
    expect(expired).toEqual([{ cycleStart: "2026-12-01", amount: -3 }]);
    clock.set("2027-01-10T10:00:00-03:00");
    expect(await creditsOf(manager.as)).toMatchObject({ granted: 6, available: 6, cycleStart: "2027-01-01" });

    // A change made after the first day folds the change in: it is the rule in force, the new one waits for April.
    const next = await setRule(url, 2, "month");
    expect(next).toMatchObject({
      sessionsPerCycle: 6,
      cycle: "quarter",
      pending: { sessionsPerCycle: 2, cycle: "month", from: "2027-04-01" },
    });
    const [row] = await t.db.select().from(careSettings).where(eq(careSettings.companyId, company.id));
    expect(row).toMatchObject({ sessionsPerCycle: 6, cycle: "quarter", nextCycle: "month", nextFrom: "2027-04-01" });
  });
});
