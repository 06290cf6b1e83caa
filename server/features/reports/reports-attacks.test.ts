/**
 * The attacks on the daily report, replayed as a curious manager would (docs/decisions/040, 083): 200 seeded
 * trials of a day and eight teams' months. Minutes on one core, so in the long project (vitest.config.ts),
 * which `npm test` runs beside the browser tests (docs/decisions/072, 101).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAILY_GRAIN_MIN_MEMBERS } from "#core/disclosure.ts";
import { reportSeats } from "#tests/api/report-seats.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-22T10:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

const { report, seatsFor, bareCompany, seatCheckIn } = reportSeats(() => t);

describe("the attacks, replayed as a curious manager would", () => {
  /**
   * 200 seeded trials: the attacker knows every other answer of the day (four
   * accounts he controls, old enough to count, or colleagues who told him) and
   * reads the closed day; his estimate of the target is 5 × mean − the others.
   */
  it("leaves the attacker's estimate of one person's mood wrong by at least 0,5 in 80 % of 200 trials", async () => {
    clock.set("2026-11-22T10:00:00-03:00");
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    let wrong = 0;
    let wrongEnergy = 0;
    const trials = 200;
    for (let trial = 0; trial < trials; trial++) {
      // Created on 1 November: three weeks of history for the job to publish, not a year, in each trial.
      const company = await bareCompany(trial, new Date("2026-11-01T12:00:00-03:00"));
      // Fifteen more silent accounts make the company big enough to be seen by day (040).
      const [target, ...sybils] = await seatsFor(company.id, 5);
      await seatsFor(company.id, DAILY_GRAIN_MIN_MEMBERS - 5);
      const targetMood = (trial % 5) + 1;
      const targetEnergy = ((trial + 2) % 5) + 1;
      for (const sybil of sybils) await seatCheckIn(sybil, company.id, "2026-11-21", 5, { energy: 5 });
      await seatCheckIn(target as string, company.id, "2026-11-21", targetMood, { energy: targetEnergy });
      const week = await report(admin, "7d", company.id);
      const day = week.series.find((d: { day: string }) => d.day === "2026-11-21");
      const estimate = day.averageMood === null ? 3 : day.averageMood * 5 - 20;
      if (Math.abs(estimate - targetMood) >= 0.5) wrong += 1;
      // The same attack on energy, which has its own draw.
      const energyEstimate = day.averageEnergy === null ? 3 : day.averageEnergy * 5 - 20;
      if (Math.abs(energyEstimate - targetEnergy) >= 0.5) wrongEnergy += 1;
    }
    expect(wrong / trials).toBeGreaterThanOrEqual(0.8);
    expect(wrongEnergy / trials).toBeGreaterThanOrEqual(0.8);
  }, 300_000);

  // The bar was 0,15 at a daily ε of 0,19; at 0,14 (docs/decisions/083, the price of a year that does not
  // give a steady mood away) the same teams are off by 0,18.
  it("keeps a 30-day mood useful: a team of 50 is off by less than 0,2 on average", async () => {
    clock.set("2026-11-22T10:00:00-03:00");
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const errors: number[] = [];
    // Seeded trials (docs/decisions/040): fixed ids, so fixed draws. With a random id per team the mean error
    // can pass the bar now and then (the period's rounding to 0,1 is part of it).
    for (let team = 0; team < 8; team++) {
      // Created on 1 October: the job publishes seven weeks of history for each team, not a year.
      const company = await bareCompany(300 + team, new Date("2026-10-01T12:00:00-03:00"));
      const seats = await seatsFor(company.id, 50);
      // Moods from a fixed pseudo-random sequence; about 80 % answer each day.
      let seed = 1234 + team;
      const next = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      let sum = 0;
      let n = 0;
      const rows: { userId: string; day: string; mood: number }[] = [];
      for (let d = 1; d <= 30; d++) {
        const day = new Date(Date.UTC(2026, 10, 22 - d, 12)).toISOString().slice(0, 10);
        for (const userId of seats) {
          if (next() > 0.8) continue;
          const mood = 1 + Math.floor(next() * 5);
          rows.push({ userId, day, mood });
          sum += mood;
          n += 1;
        }
      }
      await t.db.execute(sql`
        INSERT INTO user_progress (user_id, company_id, mood, day, completed_at, xp_earned)
        SELECT r.user_id, ${company.id}::uuid, r.mood, r.day::date, r.day::date + time '12:00', 50
        FROM jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ user_id: r.userId, day: r.day, mood: r.mood })))}::jsonb)
          AS r(user_id text, day text, mood int)`);
      const month = await report(admin, "30d", company.id);
      expect(month.moodDays).toBe(30);
      errors.push(Math.abs(month.averageMood - sum / n));
    }
    const meanError = errors.reduce((a, b) => a + b, 0) / errors.length;
    console.info(`30-day mood of 8 teams of 50: mean error ${meanError.toFixed(3)}`);
    expect(meanError).toBeLessThan(0.2);
  }, 120_000);
});
