/**
 * The long-run attack of docs/decisions/040: four colleagues tell the manager
 * their answers every working day for a year, and he reads every figure. A
 * person whose mood is steady must not be guessed: exactly in at most 40 % of
 * cases, within one step in at most 80 %. Both ways a company can be seen are
 * attacked: a team of five (seen by month) and the same five with fifteen
 * accounts the manager controls, silent, so that the company is seen by day.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAILY_GRAIN_MIN_MEMBERS } from "#core/disclosure.ts";
import type { Report } from "#core/schemas/reports.ts";
import { companies, profiles, user } from "#server/db/schema/index.ts";
import { publishClosedDays } from "#server/features/reports/publish-closed-days.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-22T10:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

/** The companies and people exist from a month before the year attacked: the job publishes from then on. */
const SINCE = new Date("2025-10-01T12:00:00Z");
const TRIALS = 40;

/** Weekdays from `from` to `to` (inclusive). */
function workingDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = new Date(`${from}T12:00:00Z`); at <= new Date(`${to}T12:00:00Z`); at.setUTCDate(at.getUTCDate() + 1)) {
    if (at.getUTCDay() !== 0 && at.getUTCDay() !== 6) days.push(at.toISOString().slice(0, 10));
  }
  return days;
}

/** A company with a fixed id (fixed draws) and its people since long ago; the first is the target. */
async function team(seed: number, size: number): Promise<{ companyId: string; people: string[] }> {
  const companyId = `00000000-0000-4000-8000-${String(900_000 + seed).padStart(12, "0")}`;
  await t.db.insert(companies).values({ id: companyId, name: `Longo ${seed}`, plan: "prime", createdAt: SINCE });
  const people = Array.from({ length: size }, (_, i) => `longo-${seed}-${i}`);
  await t.db
    .insert(user)
    .values(
      people.map((id) => ({ id, name: id, email: `${id}@exemplo.com.br`, emailVerified: true, createdAt: SINCE })),
    );
  await t.db
    .insert(profiles)
    .values(people.map((id) => ({ userId: id, name: id, email: `${id}@exemplo.com.br`, companyId, createdAt: SINCE })));
  return { companyId, people };
}

/** A year of check-ins: the target always gives `steady`, each colleague a pseudo-random mood the attacker knows. */
async function answerEveryDay(companyId: string, people: string[], days: string[], steady: number, seed: number) {
  let state = 7919 * (seed + 1);
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const rows: { user_id: string; day: string; mood: number }[] = [];
  const known = new Map<string, number>();
  for (const day of days) {
    let sum = 0;
    for (const [i, userId] of people.entries()) {
      const mood = i === 0 ? steady : 1 + Math.floor(next() * 5);
      if (i > 0) sum += mood;
      rows.push({ user_id: userId, day, mood });
    }
    known.set(day, sum);
  }
  await t.db.execute(sql`
    INSERT INTO user_progress (user_id, company_id, mood, day, completed_at, xp_earned)
    SELECT r.user_id, ${companyId}::uuid, r.mood, r.day::date, r.day::date + time '12:00', 50
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(user_id text, day text, mood int)`);
  return known;
}

/**
 * The job publishes the company's closed days, as it does every 15 minutes: reads show only what is
 * published (docs/decisions/041), so without it the attacker would read nothing and the test could not fail.
 */
async function publish(companyId: string) {
  const { privacyKey, env } = t.app.deps;
  for (let run = 0; run < 100; run++) {
    const result = await publishClosedDays(t.db, privacyKey, clock.now(), env.PRIVACY_MIN_GROUP, {
      companyId,
      sweepMonths: run === 0,
    });
    if (result.isDone) return;
  }
  throw new Error("publishing did not finish");
}

/** The attacker's guess of a steady mood from his estimates: their mean, rounded, on the scale. */
function guessOf(estimates: number[]): number {
  if (estimates.length === 0) return 3;
  const mean = estimates.reduce((a, b) => a + b, 0) / estimates.length;
  return Math.min(5, Math.max(1, Math.round(mean)));
}

function score(guesses: { guess: number; truth: number }[]) {
  const exact = guesses.filter(({ guess, truth }) => guess === truth).length / guesses.length;
  const withinOne = guesses.filter(({ guess, truth }) => Math.abs(guess - truth) <= 1).length / guesses.length;
  return { exact, withinOne };
}

describe("four colleagues reporting for a working year", () => {
  it("cannot pin a steady mood from a small team's months", async () => {
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const days = workingDays("2025-11-01", "2026-10-31");
    expect(days.length).toBeGreaterThanOrEqual(250);
    const guesses: { guess: number; truth: number }[] = [];
    let shown = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const steady = (trial % 5) + 1;
      const { companyId, people } = await team(trial, 5);
      const known = await answerEveryDay(companyId, people, days, steady, trial);
      await publish(companyId);
      const report: Report = (
        await admin.as({ method: "GET", url: `/api/reports?period=30d&companyId=${companyId}` })
      ).json();
      expect(report.grain).toBe("month");
      const estimates = report.months.flatMap((month) => {
        if (month.averageMood === null) return [];
        // The colleagues' means of the month, as the attacker knows them; five people, one value each.
        const monthDays = days.filter((day) => day.startsWith(month.month));
        const colleagues = monthDays.reduce((sum, day) => sum + (known.get(day) ?? 0), 0) / monthDays.length;
        return [5 * month.averageMood.mean - colleagues];
      });
      if (estimates.length > 0) shown += 1;
      guesses.push({ guess: guessOf(estimates), truth: steady });
    }
    const { exact, withinOne } = score(guesses);
    console.info(`long run, by month: exact ${exact}, within one ${withinOne}, figures read in ${shown} of ${TRIALS}`);
    expect(shown).toBeGreaterThanOrEqual(TRIALS * 0.8);
    expect(exact).toBeLessThanOrEqual(0.4);
    expect(withinOne).toBeLessThanOrEqual(0.8);
  }, 1_200_000);

  it("cannot pin it either when the manager's silent accounts make the company be seen by day", async () => {
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const days = workingDays("2026-01-01", "2026-11-21");
    const guesses: { guess: number; truth: number }[] = [];
    let shown = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const steady = (trial % 5) + 1;
      const { companyId, people } = await team(1000 + trial, DAILY_GRAIN_MIN_MEMBERS);
      const five = people.slice(0, 5);
      const known = await answerEveryDay(companyId, five, days, steady, trial);
      await publish(companyId);
      const report: Report = (
        await admin.as({ method: "GET", url: `/api/reports?period=ytd&companyId=${companyId}` })
      ).json();
      expect(report.grain).toBe("day");
      // Days are drawn only when precise enough (none is, here): he reads the 7-day line instead, and takes
      // each window's mean as five people's, minus what his colleagues gave in its working days.
      const estimates = report.series.flatMap((day, i) => {
        const point = day.averageMood ?? day.trendMood;
        if (point === null) return [];
        const window = report.series.slice(Math.max(0, i - 6), i + 1).filter((d) => known.has(d.day));
        if (window.length === 0) return [];
        const colleagues = window.reduce((sum, d) => sum + (known.get(d.day) ?? 0), 0) / window.length;
        return [5 * point - colleagues];
      });
      // No line precise enough to read: the year's own mean, if it is shown.
      if (estimates.length === 0 && report.averageMood !== null) {
        const colleagues = days.reduce((sum, day) => sum + (known.get(day) ?? 0), 0) / days.length;
        estimates.push(5 * report.averageMood - colleagues);
      }
      if (estimates.length > 0) shown += 1;
      guesses.push({ guess: guessOf(estimates), truth: steady });
    }
    const { exact, withinOne } = score(guesses);
    console.info(`long run, by day: exact ${exact}, within one ${withinOne}, figures read in ${shown} of ${TRIALS}`);
    // The attacker read figures: a team whose every figure is hidden would pass without proving anything. At the
    // daily ε of docs/decisions/083 five people's year is near the one-point margin: shown in 17 of the 40 years
    // (32 at 0,19); the 70-person attack of sybil-year-attack.test.ts reads a point on most days.
    expect(shown).toBeGreaterThanOrEqual(TRIALS * 0.3);
    expect(exact).toBeLessThanOrEqual(0.4);
    expect(withinOne).toBeLessThanOrEqual(0.8);
  }, 1_200_000);
});
