/**
 * Publishing closed days (docs/decisions/014, 040): the write side of
 * `published_daily_buckets`, run by the publishing job only
 * (publish-closed-days.ts), never by a reader. A company's day is published
 * once, after it ends in the company's time zone, with keyed noise on its
 * counts and sums drawn from (company, day, metric) and stored, and is shown
 * on a noisy count of the members who count. Energy and stress, optional
 * answers, are published the same way in the same row, each with its own
 * count, k and draw (docs/decisions/023). Nothing here is ever recomputed, so
 * no pair of readings differs by one person's answer.
 */
import { sql } from "drizzle-orm";
import type { IsoDay } from "#core/dates.ts";
import { epsilonPerRelease, figurePolicies, isShown, sumSensitivity } from "#core/disclosure.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { membershipCovers, membershipOverlaps } from "#server/db/membership-at.ts";
import { publishedDailyBuckets } from "#server/db/schema/index.ts";
import { discreteLaplace } from "#server/features/disclosure/index.ts";
import { countsOn, freshMemberships } from "./counted-people.ts";
import { grainsOfMonths } from "./published-buckets.ts";

type Company = { id: string; timezone: string };
/** The optional 1–5 answers published beside the mood (docs/decisions/023). */
type ScaleMetric = "energy" | "stress";

/**
 * Publishes `days` (closed, not yet published, any order) of one company in one
 * insert. The caller bounds how many: the statements here read every check-in
 * and membership of the days' range.
 */
export async function publishDays(
  db: Db,
  key: Buffer,
  company: Company,
  days: readonly IsoDay[],
  minGroup: number,
): Promise<number> {
  const missing = [...days].sort();
  const first = missing[0];
  const last = missing[missing.length - 1];
  if (!first || !last) return 0;
  // One check-in per person per day, so a day's count is its number of distinct respondents.
  // A day's figures and its base are its members' (never a manager's: his participation is not his team's,
  // issue 45 item 6, docs/decisions/061); of them, only those who joined before the day began count toward k.
  // A person's stints in a company never overlap, so the join finds at most one per check-in.
  // Energy and stress are optional: each counts toward its own k only where it was given.
  const totals = rowsOf<{
    day: string;
    check_ins: number;
    mood_delta: number;
    eligible: number;
    energy_answers: number;
    energy_delta: number;
    energy_eligible: number;
    stress_answers: number;
    stress_delta: number;
    stress_eligible: number;
  }>(
    await db.execute(sql`
      SELECT day::text AS day, count(*)::int AS check_ins, coalesce(sum(mood - 3), 0)::int AS mood_delta,
             count(*) FILTER (WHERE counts)::int AS eligible,
             count(energy)::int AS energy_answers, coalesce(sum(energy - 3), 0)::int AS energy_delta,
             count(*) FILTER (WHERE counts AND energy IS NOT NULL)::int AS energy_eligible,
             count(stress)::int AS stress_answers, coalesce(sum(stress - 3), 0)::int AS stress_delta,
             count(*) FILTER (WHERE counts AND stress IS NOT NULL)::int AS stress_eligible
      FROM (
        SELECT up.day, up.mood, up.energy, up.stress, m.id IS NOT NULL AND ${countsOn(sql`fresh`, sql`up.day`)} AS counts
        FROM user_progress up
        LEFT JOIN company_memberships m ON m.company_id = up.company_id AND m.user_id = up.user_id
          AND ${membershipCovers(sql`m`, sql`(up.day::timestamp AT TIME ZONE ${company.timezone})`)}
        LEFT JOIN (${freshMemberships(company.id, sql`${first}::date`, company.timezone)}) AS fresh ON fresh.id = m.id
        WHERE up.company_id = ${company.id} AND up.exercise_id IS NULL AND up.day BETWEEN ${first} AND ${last}
          -- The role is looked up per check-in through the profile's unique index: work in proportion to the
          -- piece, never a scan of every profile on the platform (issue 37).
          AND (SELECT p.role FROM profiles p WHERE p.user_id = up.user_id) = 'user'
      ) AS piece
      GROUP BY day`),
  );
  const members = await membersByDay(db, company, first, last);
  // Exercise counts carry no mood: from the live rollup (its shard rows), frozen here with the rest of the day.
  const exercises = rowsOf<{ day: string; n: number }>(
    await db.execute(sql`
      SELECT day::text AS day, sum(exercises)::int AS n FROM company_daily_stats
      WHERE company_id = ${company.id} AND day BETWEEN ${first} AND ${last} GROUP BY day`),
  );
  const exercisesByDay = new Map(exercises.map((row) => [String(row.day).slice(0, 10), row.n]));
  const byDay = new Map(totals.map((row) => [String(row.day).slice(0, 10), row]));
  const grains = await grainsOfMonths(db, company, missing);
  const policy = figurePolicies.moodDay;
  const figure = (day: IsoDay, metric: "mood" | ScaleMetric, delta: number, eligible: number) =>
    dayFigure(key, company.id, day, { metric, delta, eligible }, minGroup, grains.get(day.slice(0, 7)) === "day");
  const count = (day: IsoDay, what: "count" | "energy-answers" | "stress-answers", answers: number) =>
    noisyDayCount(key, company.id, day, what, answers);
  const values = missing.map((day) => {
    const row = byDay.get(day);
    const mood = figure(day, "mood", row?.mood_delta ?? 0, row?.eligible ?? 0);
    const energy = figure(day, "energy", row?.energy_delta ?? 0, row?.energy_eligible ?? 0);
    const stress = figure(day, "stress", row?.stress_delta ?? 0, row?.stress_eligible ?? 0);
    const checkIns = row?.check_ins ?? 0;
    return {
      companyId: company.id,
      day,
      checkIns,
      noisyCheckIns: count(day, "count", checkIns),
      exercises: exercisesByDay.get(day) ?? 0,
      members: members.get(day) ?? 0,
      eligible: row?.eligible ?? 0,
      suppressed: mood.suppressed,
      noisyMoodDelta: mood.noisyDelta,
      epsilon: epsilonPerRelease(policy),
      energyAnswers: row?.energy_answers ?? 0,
      noisyEnergyAnswers: count(day, "energy-answers", row?.energy_answers ?? 0),
      energyEligible: row?.energy_eligible ?? 0,
      energySuppressed: energy.suppressed,
      noisyEnergyDelta: energy.noisyDelta,
      stressAnswers: row?.stress_answers ?? 0,
      noisyStressAnswers: count(day, "stress-answers", row?.stress_answers ?? 0),
      stressEligible: row?.stress_eligible ?? 0,
      stressSuppressed: stress.suppressed,
      noisyStressDelta: stress.noisyDelta,
    };
  });
  // Two runners on the same day (a lease that ran out): the first row stands, the draw is the same anyway.
  await db.insert(publishedDailyBuckets).values(values).onConflictDoNothing();
  return values.length;
}

const drawOf = (key: Buffer, companyId: string, day: IsoDay, what: string, epsilon: number, sensitivity: number) =>
  discreteLaplace(key, `${companyId}|${day}|${what}`, epsilon, sensitivity);

/**
 * One day's 1–5 answer (mood, energy, stress) as it is released: shown on its own noisy count of the
 * people who count (the noisy threshold), with its own keyed draw on the sum Σ(value − 3); never on a
 * day of a month a small company sees by month (`daily` false). Pure, so that the year-long attack
 * trials replay exactly what the job releases (server/features/disclosure/year-attack.test.ts).
 */
export function dayFigure(
  key: Buffer,
  companyId: string,
  day: IsoDay,
  answers: { metric: "mood" | ScaleMetric; delta: number; eligible: number },
  minGroup: number,
  daily: boolean,
): { suppressed: boolean; noisyDelta: number | null } {
  const policy = figurePolicies.moodDay;
  const { metric, delta, eligible } = answers;
  const noisyEligible = eligible + drawOf(key, companyId, day, `${metric}-eligible`, policy.countEpsilon, 1);
  const hidden = !daily || eligible === 0 || !isShown(noisyEligible, minGroup);
  return {
    suppressed: hidden,
    noisyDelta: hidden
      ? null
      : delta + drawOf(key, companyId, day, metric, policy.valueEpsilon, sumSensitivity(policy)),
  };
}

/** A day's released count of answers (the check-ins, or those who gave energy or stress), never below 0. */
export function noisyDayCount(key: Buffer, companyId: string, day: IsoDay, what: string, answers: number): number {
  return Math.max(0, answers + drawOf(key, companyId, day, what, figurePolicies.moodDay.countEpsilon, 1));
}

/** How many members (not managers) belonged to the company on each day from `from` to `to` (at any moment of that day). */
async function membersByDay(db: Db, company: Company, from: IsoDay, to: IsoDay): Promise<Map<IsoDay, number>> {
  const rows = rowsOf<{ day: string; members: number }>(
    await db.execute(sql`
      SELECT d.day::date::text AS day, count(m.id)::int AS members
      FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d(day)
      LEFT JOIN company_memberships m ON m.company_id = ${company.id}
        AND ${membershipOverlaps(
          sql`m`,
          sql`(d.day::date::timestamp AT TIME ZONE ${company.timezone})`,
          sql`((d.day::date + 1)::timestamp AT TIME ZONE ${company.timezone})`,
        )}
        AND (SELECT p.role FROM profiles p WHERE p.user_id = m.user_id) = 'user'
      GROUP BY d.day`),
  );
  return new Map(rows.map((row) => [String(row.day).slice(0, 10), row.members]));
}
