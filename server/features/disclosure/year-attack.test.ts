/**
 * A year of patience against a steady mood (issue 51, docs/decisions/061 and 083): the manager adds accounts
 * he controls through the HR API (no cap) until the team is seen by day and each day's point is drawn,
 * four colleagues tell him their answers, and he reads every working day's figure for a year (or every
 * month's, keeping the company under 20 so it is seen by month). Subtracting what he knows gives one
 * estimate a figure; he guesses by their mean, or by their median (the better estimate against
 * Laplace noise, which the attacker used). Either way he must find a steady person's usual mood
 * exactly in at most 40 % of cases and within one step in at most 80 %. The trials replay the functions
 * the job releases with and the report reads with, with no HTTP, so that 500 trials a size are cheap;
 * `sybil-year-attack.test.ts` (long project) runs the same attack through the HR API, the publishing job
 * and /api/reports on a real database and checks that it reads what this replay computes.
 */
import { describe, expect, it } from "vitest";
import { addDays, type IsoDay } from "#core/dates.ts";
import { figurePolicies, yearlyScaleEpsilon } from "#core/disclosure.ts";
import { periodMoodOf } from "#core/team-metrics.ts";
import { dayFigure, noisyDayCount } from "#server/features/reports/publish-days.ts";
import { release } from "./disclose.ts";
import { privacyKeyFrom } from "./noise.ts";

const key = privacyKeyFrom("year-attack-trials");
const MIN_GROUP = 5;
const TRIALS = 500;

/** A fixed pseudo-random sequence per trial: the answers the attacker is told (or gives, with his accounts). */
function answersOf(seed: number): () => number {
  let state = 7919 * (seed + 1);
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return 1 + Math.floor((state / 2 ** 31) * 5);
  };
}

/** The weekdays of a year from 3 November 2025: about 250 working days. */
const workingDays: IsoDay[] = Array.from({ length: 365 }, (_, i) => addDays("2025-11-03", i)).filter((day) => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
});

type Trial = { estimates: number[]; truth: number };

/** The mean of his estimates, or their median: the two ways he guesses. */
const estimators = {
  mean: (estimates: number[]) => estimates.reduce((a, b) => a + b, 0) / estimates.length,
  median: (estimates: number[]) => {
    const sorted = [...estimates].sort((a, b) => a - b);
    const middle = (sorted.length - 1) / 2;
    return ((sorted[Math.floor(middle)] ?? 3) + (sorted[Math.ceil(middle)] ?? 3)) / 2;
  },
};

/** His guess, rounded to the scale (3 when he has no estimate). */
function guessOf(estimates: number[], by: keyof typeof estimators): number {
  if (estimates.length === 0) return 3;
  return Math.min(5, Math.max(1, Math.round(estimators[by](estimates))));
}

/** How often each way of guessing finds the steady mood, exactly and within one step. */
function score(trials: Trial[]) {
  const rates = (by: keyof typeof estimators) => {
    const off = trials.map(({ estimates, truth }) => Math.abs(guessOf(estimates, by) - truth));
    const share = (within: number) => off.filter((d) => d <= within).length / off.length;
    return { exact: share(0), withinOne: share(1) };
  };
  return { mean: rates("mean"), median: rates("median") };
}

function expectUnfound(label: string, rates: ReturnType<typeof score>) {
  for (const [by, { exact, withinOne }] of Object.entries(rates)) {
    console.info(`${label}, by the ${by}: exact ${exact}, within one ${withinOne}`);
    expect(exact).toBeLessThanOrEqual(0.4);
    expect(withinOne).toBeLessThanOrEqual(0.8);
  }
}

/** A team of `people` (the target first) read by day for a working year: the attacker's score. */
function byDay(people: number) {
  const trials = Array.from({ length: TRIALS }, (_, trial): Trial => {
    const companyId = `day-${people}-${trial}`;
    const steady = (trial % 5) + 1;
    const next = answersOf(trial);
    const estimates = workingDays.flatMap((day) => {
      let known = 0;
      for (let i = 1; i < people; i++) known += next();
      const delta = steady + known - 3 * people;
      const released = dayFigure(key, companyId, day, { metric: "mood", delta, eligible: people }, MIN_GROUP, true);
      // The day's point as the report draws it (company-stats.ts): shown only when precise enough.
      const { averageMood } = periodMoodOf([
        {
          checkIns: people,
          noisyCheckIns: noisyDayCount(key, companyId, day, "count", people),
          suppressed: released.suppressed,
          noisyMoodDelta: released.noisyDelta,
        },
      ]);
      return averageMood === null ? [] : [people * averageMood - known];
    });
    return { estimates, truth: steady };
  });
  return score(trials);
}

/** A team of `people` (under 20: seen by month) read for twelve closed months. */
function byMonth(people: number) {
  const trials = Array.from({ length: TRIALS }, (_, trial): Trial => {
    const companyId = `month-${people}-${trial}`;
    const steady = (trial % 5) + 1;
    const next = answersOf(trial);
    const estimates = Array.from({ length: 12 }, (_, month) => {
      // Each colleague's mean of the month's 21 working days: one value per person (monthly-mood.ts).
      const colleagues = Array.from({ length: people - 1 }, () => {
        let sum = 0;
        for (let d = 0; d < 21; d++) sum += next();
        return sum / 21;
      });
      const figure = release(key, companyId, MIN_GROUP, {
        figure: "moodMonth",
        subject: `mood|2026-${String(month + 1).padStart(2, "0")}`,
        windowEnd: "2026-12-31",
        values: [steady, ...colleagues],
      });
      if (!figure.shown || figure.noisyMean === null) return [];
      return [people * figure.noisyMean - colleagues.reduce((a, b) => a + b, 0)];
    }).flat();
    return { estimates, truth: steady };
  });
  return score(trials);
}

describe("a steady mood over a year, with the manager's accounts and four colleagues", () => {
  // 2,500 simulated years of CPU alone: 15 to 20 s on a quiet core, 49 s once beside the browser tests and the long
  // project on a slow day (CI, 2026-12-07), past Vitest's 30 s.
  it("is not found by day, however many accounts he adds (38 to 200 people)", () => {
    for (const people of [38, 50, 70, 100, 200]) expectUnfound(`year by day, ${people} people`, byDay(people));
  }, 180_000);

  it("is not found by month either (5 people, or 19 with his accounts)", () => {
    for (const people of [5, 19]) expectUnfound(`year by month, ${people} people`, byMonth(people));
  });
});

describe("the yearly total stated in 'O que sua empresa vê'", () => {
  it("holds for someone who checks in every day while the company switches between days and months", () => {
    // Two years; each month seen by day or by month (a manager can move the size at a month's start).
    const days = Array.from({ length: 730 }, (_, i) => addDays("2025-01-01", i));
    const next = answersOf(42);
    const grainOf = new Map<string, "day" | "month">();
    for (const day of days)
      if (!grainOf.has(day.slice(0, 7))) grainOf.set(day.slice(0, 7), next() > 3 ? "month" : "day");
    // What each day releases of this person's mood: the day's figure, or, on a month's last day, the month's.
    const spent = days.map((day): number => {
      if (grainOf.get(day.slice(0, 7)) === "day") return figurePolicies.moodDay.valueEpsilon;
      const lastOfMonth = addDays(day, 1).slice(0, 7) !== day.slice(0, 7);
      return lastOfMonth ? figurePolicies.moodMonth.valueEpsilon : 0;
    });
    let worst = 0;
    for (let start = 0; start + 365 <= spent.length; start++) {
      worst = Math.max(
        worst,
        spent.slice(start, start + 365).reduce((a, b) => a + b, 0),
      );
    }
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(yearlyScaleEpsilon + 1e-9);
    // The daily ε is what keeps a year of days inside it.
    expect(365 * figurePolicies.moodDay.valueEpsilon).toBeLessThanOrEqual(yearlyScaleEpsilon);
  });
});
