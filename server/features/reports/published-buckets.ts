/**
 * Publishing closed days (docs/decisions/014). Every mood figure a manager or
 * admin sees is computed from these rows only: a company's day is published
 * once, after it ends in the company's time zone, with a keyed and stored
 * noise draw on its mood sum, and suppressed when fewer than k members who
 * count answered. Energy and stress, optional answers, are published the same
 * way in the same row, each with its own count, k and draw (docs/decisions/023). Nothing here is ever recomputed, so no pair of readings
 * differs by one person's answer.
 */
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { addDays, daysBetween, type IsoDay } from "#core/dates.ts";
import { isMoodWithheld, MOOD_EPSILON, MOOD_SENSITIVITY } from "#core/team-metrics.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { publishedDailyBuckets } from "#server/db/schema/index.ts";
import { discreteLaplace } from "#server/features/disclosure/noise.ts";

export type PublishedDay = {
  day: IsoDay;
  checkIns: number;
  /** Exercises completed that day, as counted when the day was published. */
  exercises: number;
  /** The company's members that day. */
  members: number;
  suppressed: boolean;
  /** Σ(mood − 3) with noise, null when suppressed. */
  noisyMoodDelta: number | null;
  energy: PublishedScaleDay;
  stress: PublishedScaleDay;
};

/** The optional 1–5 answers published beside the mood (docs/decisions/023). */
const scaleMetrics = ["energy", "stress"] as const;
type ScaleMetric = (typeof scaleMetrics)[number];

/** Energy or stress of a published day: all null when the day was published before the metric existed. */
export type PublishedScaleDay = {
  /** How many check-ins of the day gave this answer. */
  answers: number | null;
  suppressed: boolean | null;
  /** Σ(value − 3) with noise, null when suppressed. */
  noisyDelta: number | null;
};

type Company = { id: string; timezone: string };

/**
 * The published days from `from` to `to` (both closed: `to` is at most the
 * company's yesterday), publishing first whichever of them are missing.
 */
export async function publishedDays(
  db: Db,
  key: Buffer,
  company: Company,
  from: IsoDay,
  to: IsoDay,
  minGroup: number,
): Promise<PublishedDay[]> {
  const length = daysBetween(from, to);
  if (length <= 0) return [];
  let rows = await readPublished(db, company.id, from, to);
  if (rows.length < length) {
    await publishMissing(db, key, company, from, to, minGroup, new Set(rows.map((row) => row.day)));
    rows = await readPublished(db, company.id, from, to);
  }
  return rows;
}

async function readPublished(db: Db, companyId: string, from: IsoDay, to: IsoDay): Promise<PublishedDay[]> {
  const rows = await db
    .select({
      day: publishedDailyBuckets.day,
      checkIns: publishedDailyBuckets.checkIns,
      exercises: publishedDailyBuckets.exercises,
      members: publishedDailyBuckets.members,
      suppressed: publishedDailyBuckets.suppressed,
      noisyMoodDelta: publishedDailyBuckets.noisyMoodDelta,
      energyAnswers: publishedDailyBuckets.energyAnswers,
      energySuppressed: publishedDailyBuckets.energySuppressed,
      noisyEnergyDelta: publishedDailyBuckets.noisyEnergyDelta,
      stressAnswers: publishedDailyBuckets.stressAnswers,
      stressSuppressed: publishedDailyBuckets.stressSuppressed,
      noisyStressDelta: publishedDailyBuckets.noisyStressDelta,
    })
    .from(publishedDailyBuckets)
    .where(
      and(
        eq(publishedDailyBuckets.companyId, companyId),
        gte(publishedDailyBuckets.day, from),
        lte(publishedDailyBuckets.day, to),
      ),
    )
    .orderBy(asc(publishedDailyBuckets.day));
  return rows.map((row) => ({
    day: row.day,
    checkIns: row.checkIns,
    exercises: row.exercises,
    members: row.members,
    suppressed: row.suppressed,
    noisyMoodDelta: row.noisyMoodDelta,
    energy: { answers: row.energyAnswers, suppressed: row.energySuppressed, noisyDelta: row.noisyEnergyDelta },
    stress: { answers: row.stressAnswers, suppressed: row.stressSuppressed, noisyDelta: row.noisyStressDelta },
  }));
}

async function publishMissing(
  db: Db,
  key: Buffer,
  company: Company,
  from: IsoDay,
  to: IsoDay,
  minGroup: number,
  published: Set<IsoDay>,
): Promise<void> {
  const missing = Array.from({ length: daysBetween(from, to) }, (_, i) => addDays(from, i)).filter(
    (day) => !published.has(day),
  );
  const first = missing[0];
  const last = missing[missing.length - 1];
  if (!first || !last) return;
  // One check-in per person per day, so a day's count is its number of distinct respondents.
  // Only members (not managers or admins) who joined before the day began count toward k.
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
      SELECT up.day::text AS day, count(*)::int AS check_ins, coalesce(sum(up.mood - 3), 0)::int AS mood_delta,
             count(m.id) FILTER (WHERE p.role = 'user')::int AS eligible,
             count(up.energy)::int AS energy_answers, coalesce(sum(up.energy - 3), 0)::int AS energy_delta,
             count(m.id) FILTER (WHERE p.role = 'user' AND up.energy IS NOT NULL)::int AS energy_eligible,
             count(up.stress)::int AS stress_answers, coalesce(sum(up.stress - 3), 0)::int AS stress_delta,
             count(m.id) FILTER (WHERE p.role = 'user' AND up.stress IS NOT NULL)::int AS stress_eligible
      FROM user_progress up
      LEFT JOIN profiles p ON p.user_id = up.user_id
      LEFT JOIN company_memberships m ON m.company_id = up.company_id AND m.user_id = up.user_id
        AND m.joined_at < (up.day::timestamp AT TIME ZONE ${company.timezone})
        AND (m.left_at IS NULL OR m.left_at > (up.day::timestamp AT TIME ZONE ${company.timezone}))
      WHERE up.company_id = ${company.id} AND up.exercise_id IS NULL AND up.day BETWEEN ${first} AND ${last}
      GROUP BY up.day`),
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
  const values = missing.map((day) => {
    const row = byDay.get(day);
    const suppressed = isMoodWithheld(row?.eligible ?? 0, minGroup);
    const noise = discreteLaplace(key, `${company.id}|${day}|mood`, MOOD_EPSILON, MOOD_SENSITIVITY);
    // Each optional answer: its own k among those who gave it, its own keyed draw (same ε and Δ as the mood).
    const scale = (answers = 0, delta = 0, eligible = 0, metric: ScaleMetric) => {
      const hidden = isMoodWithheld(eligible, minGroup);
      const draw = discreteLaplace(key, `${company.id}|${day}|${metric}`, MOOD_EPSILON, MOOD_SENSITIVITY);
      return { answers, eligible, suppressed: hidden, noisyDelta: hidden ? null : delta + draw };
    };
    const energy = scale(row?.energy_answers, row?.energy_delta, row?.energy_eligible, "energy");
    const stress = scale(row?.stress_answers, row?.stress_delta, row?.stress_eligible, "stress");
    return {
      companyId: company.id,
      day,
      checkIns: row?.check_ins ?? 0,
      exercises: exercisesByDay.get(day) ?? 0,
      members: members.get(day) ?? 0,
      eligible: row?.eligible ?? 0,
      suppressed,
      noisyMoodDelta: suppressed ? null : (row?.mood_delta ?? 0) + noise,
      epsilon: MOOD_EPSILON,
      energyAnswers: energy.answers,
      energyEligible: energy.eligible,
      energySuppressed: energy.suppressed,
      noisyEnergyDelta: energy.noisyDelta,
      stressAnswers: stress.answers,
      stressEligible: stress.eligible,
      stressSuppressed: stress.suppressed,
      noisyStressDelta: stress.noisyDelta,
    };
  });
  // A concurrent reader may publish the same day: the first row stands, the draw is the same anyway.
  await db.insert(publishedDailyBuckets).values(values).onConflictDoNothing();
}

/** How many people belonged to the company on each day from `from` to `to` (at any moment of that day). */
async function membersByDay(db: Db, company: Company, from: IsoDay, to: IsoDay): Promise<Map<IsoDay, number>> {
  const rows = rowsOf<{ day: string; members: number }>(
    await db.execute(sql`
      SELECT d.day::date::text AS day, count(m.id)::int AS members
      FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d(day)
      LEFT JOIN company_memberships m ON m.company_id = ${company.id}
        AND m.joined_at < ((d.day::date + 1)::timestamp AT TIME ZONE ${company.timezone})
        AND (m.left_at IS NULL OR m.left_at >= (d.day::date::timestamp AT TIME ZONE ${company.timezone}))
      GROUP BY d.day`),
  );
  return new Map(rows.map((row) => [String(row.day).slice(0, 10), row.members]));
}

/**
 * Memberships of the company that ended on or after `day` began (its time
 * zone): with the members there now, everyone who belonged to it at some
 * moment of today, as membersByDay counts a day (read from a partial index).
 */
export async function membershipsEndedSince(db: Db, company: Company, day: IsoDay): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM company_memberships
      WHERE company_id = ${company.id} AND left_at IS NOT NULL
        AND left_at >= (${day}::date::timestamp AT TIME ZONE ${company.timezone})`),
  );
  return row?.n ?? 0;
}
