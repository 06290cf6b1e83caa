/**
 * Issue 51 item 1 on a real database (docs/decisions/083): the year attack of year-attack.test.ts, done as the
 * manager would. He adds 65 accounts of his own through the HR API (syncs over three days, the daily limit of
 * docs/decisions/057, each invitation accepted), so that
 * with the target and four colleagues who tell him their answers the team is 70 and each day's point is
 * drawn; everyone checks in every day, his accounts and colleagues with answers he knows; the publishing job
 * publishes the closed days as it does in production; he reads /api/reports for the year to date and, for each
 * shown day, subtracts what he knows.
 *
 * A handful of such years is too few to measure a rate: this file proves that what he reads is, day by day,
 * what the 500-trial replay of year-attack.test.ts computes (the same published figures, the same rounding),
 * so the rates measured there are the rates of this attack. It also scores its own trials by the same bars,
 * loosely, as a check that they are of the same order.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, type IsoDay } from "#core/dates.ts";
import type { Report } from "#core/schemas/reports.ts";
import { periodMoodOf } from "#core/team-metrics.ts";
import { companies } from "#server/db/schema/index.ts";
import { publishClosedDays } from "#server/features/reports/publish-closed-days.ts";
import { dayFigure, noisyDayCount } from "#server/features/reports/publish-days.ts";
import { companyWithManager, createPerson } from "#tests/api/sessions.ts";
import { sybilsThroughHrApi } from "#tests/api/sybils.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2025-12-01T09:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

const TRIALS = 5;
const SYBILS = 65;
const PEOPLE = 5 + SYBILS;
/** Everyone checks in from 1 December 2025 (two weeks of activity before the year read), to 21 November 2026. */
const FIRST = "2025-12-01";
const LAST = "2026-11-21";

function pseudoRandom(seed: number) {
  let state = 7919 * (seed + 1);
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return 1 + Math.floor((state / 2 ** 31) * 5);
  };
}

function daysFrom(from: IsoDay, to: IsoDay): IsoDay[] {
  const days: IsoDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Every day's check-ins: the target's steady mood, the others' from a sequence he knows; what he knows, by day. */
async function checkInEveryDay(companyId: string, target: string, others: string[], steady: number, seed: number) {
  const next = pseudoRandom(seed);
  const known = new Map<IsoDay, number>();
  const rows: { user_id: string; day: string; mood: number }[] = [];
  for (const day of daysFrom(FIRST, LAST)) {
    rows.push({ user_id: target, day, mood: steady });
    let sum = 0;
    for (const userId of others) {
      const mood = next();
      sum += mood;
      rows.push({ user_id: userId, day, mood });
    }
    known.set(day, sum);
  }
  for (let at = 0; at < rows.length; at += 20_000) {
    await t.db.execute(sql`
      INSERT INTO user_progress (user_id, company_id, mood, day, completed_at, xp_earned)
      SELECT r.user_id, ${companyId}::uuid, r.mood, r.day::date, r.day::date + time '12:00', 50
      FROM jsonb_to_recordset(${JSON.stringify(rows.slice(at, at + 20_000))}::jsonb)
        AS r(user_id text, day text, mood int)`);
  }
  return known;
}

async function publish(companyId: string) {
  for (let run = 0; run < 200; run++) {
    const result = await publishClosedDays(t.db, t.app.deps.privacyKey, clock.now(), t.app.deps.env.PRIVACY_MIN_GROUP, {
      companyId,
      sweepMonths: run === 0,
    });
    if (result.isDone) return;
  }
  throw new Error("publishing did not finish");
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(middle)] ?? 3) + (sorted[Math.ceil(middle)] ?? 3)) / 2;
};
const guessOf = (estimates: number[]) =>
  estimates.length === 0 ? 3 : Math.min(5, Math.max(1, Math.round(median(estimates))));

describe("a steady mood over a year, with 65 accounts added through the HR API and four colleagues", () => {
  it("reads, day by day, what the replay of year-attack.test.ts computes, and does not pin the mood", async () => {
    const guesses: { guess: number; truth: number }[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const steady = (trial % 5) + 1;
      clock.set("2025-11-20T09:00:00-03:00");
      const { company, manager } = await companyWithManager(t.app, t.db, {
        plan: "enterprise",
        id: `00000000-0000-4000-8083-${String(100 + trial).padStart(12, "0")}`,
      });
      await t.db
        .update(companies)
        .set({ createdAt: new Date("2025-11-20T12:00:00Z") })
        .where(sql`${companies.id} = ${company.id}`);
      const since = new Date("2025-11-20T12:00:00Z");
      const [target, ...colleagues] = await Promise.all(
        Array.from({ length: 5 }, () => createPerson(t.db, { companyId: company.id, createdAt: since })),
      );
      const sybils = await sybilsThroughHrApi(t, manager, SYBILS, 10_000 + 100 * trial, clock);
      const known = await checkInEveryDay(
        company.id,
        target?.userId ?? "",
        [...colleagues.map((c) => c.userId), ...sybils],
        steady,
        trial,
      );
      clock.set("2026-11-22T10:00:00-03:00");
      await publish(company.id);
      const response = await manager.as({ method: "GET", url: "/api/reports?period=ytd" });
      expect(response.statusCode).toBe(200);
      const report: Report = response.json();
      expect(report.grain).toBe("day");
      const estimates: number[] = [];
      for (const day of report.series) {
        // The replay: the job's own functions on the sums he could not see but the database holds.
        const delta = steady + (known.get(day.day) ?? 0) - 3 * PEOPLE;
        const key = t.app.deps.privacyKey;
        const released = dayFigure(key, company.id, day.day, { metric: "mood", delta, eligible: PEOPLE }, 5, true);
        const replayed = periodMoodOf([
          {
            checkIns: PEOPLE,
            noisyCheckIns: noisyDayCount(key, company.id, day.day, "count", PEOPLE),
            suppressed: released.suppressed,
            noisyMoodDelta: released.noisyDelta,
          },
        ]).averageMood;
        expect(day.averageMood, day.day).toBe(replayed);
        if (day.averageMood !== null) estimates.push(PEOPLE * day.averageMood - (known.get(day.day) ?? 0));
      }
      // He read a figure on most days: the year is not protected by hiding it.
      expect(estimates.length).toBeGreaterThanOrEqual(0.8 * report.series.length);
      guesses.push({ guess: guessOf(estimates), truth: steady });
    }
    const exact = guesses.filter(({ guess, truth }) => guess === truth).length;
    console.info(`HR-API sybils, ${TRIALS} years on the database, by the median: ${exact} of ${TRIALS} exact`, guesses);
    // Five trials measure no rate (year-attack.test.ts does, on 500): a pinned mood in every one would.
    expect(exact).toBeLessThan(TRIALS);
  }, 1_800_000);
});
