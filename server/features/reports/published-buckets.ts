/**
 * The published closed days (docs/decisions/014): every mood figure a manager
 * or admin sees is computed from these rows only. This is the read side, used
 * on every reader's path: it never publishes. The publishing job
 * (publish-closed-days.ts, publish-days.ts) writes the rows; a read of a range
 * with days not yet published answers with those that are and says how many
 * are still being prepared, and the route wakes the job.
 */
import { and, asc, count, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { daysBetween, type IsoDay } from "#core/dates.ts";
import { DAILY_GRAIN_MIN_MEMBERS, moodGrainOf } from "#core/disclosure.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { membershipOverlaps } from "#server/db/membership-at.ts";
import { publishedDailyBuckets } from "#server/db/schema/index.ts";

export type PublishedDay = {
  day: IsoDay;
  /** The exact check-ins: only as the denominator of the day's noisy mean, never shown. */
  checkIns: number;
  /** The check-ins as released: noisy, shown only when at least k (docs/decisions/040). */
  noisyCheckIns: number;
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

/** Energy or stress of a published day: all null when the day was published before the metric existed. */
export type PublishedScaleDay = {
  /** How many check-ins of the day gave this answer: only the denominator of the noisy mean, never shown. */
  answers: number | null;
  /** The same count as released (noisy): what the margin is computed from. */
  noisyAnswers: number | null;
  suppressed: boolean | null;
  /** Σ(value − 3) with noise, null when suppressed. */
  noisyDelta: number | null;
};

type Company = { id: string; timezone: string };

/** The published days of a closed range, in order, and how many of its days are not published yet. */
export type PublishedRange = { days: PublishedDay[]; preparing: number };

/**
 * The published days from `from` to `to` (both closed: `to` is at most the
 * company's yesterday). Days the job has not published yet are left out and
 * counted in `preparing`: a reader never publishes (issue 37).
 */
export async function publishedDays(db: Db, company: Company, from: IsoDay, to: IsoDay): Promise<PublishedRange> {
  const length = daysBetween(from, to);
  if (length <= 0) return { days: [], preparing: 0 };
  const days = await readPublished(db, company.id, from, to);
  return { days, preparing: length - days.length };
}

/** How many of `days` (closed) are not published yet: one index-only count. */
export async function unpublishedOf(db: Db, companyId: string, days: readonly IsoDay[]): Promise<number> {
  const wanted = [...new Set(days)];
  if (wanted.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(publishedDailyBuckets)
    .where(and(eq(publishedDailyBuckets.companyId, companyId), inArray(publishedDailyBuckets.day, wanted)));
  return wanted.length - (row?.n ?? 0);
}

async function readPublished(db: Db, companyId: string, from: IsoDay, to: IsoDay): Promise<PublishedDay[]> {
  const rows = await db
    .select({
      day: publishedDailyBuckets.day,
      checkIns: publishedDailyBuckets.checkIns,
      noisyCheckIns: publishedDailyBuckets.noisyCheckIns,
      exercises: publishedDailyBuckets.exercises,
      members: publishedDailyBuckets.members,
      suppressed: publishedDailyBuckets.suppressed,
      noisyMoodDelta: publishedDailyBuckets.noisyMoodDelta,
      energyAnswers: publishedDailyBuckets.energyAnswers,
      noisyEnergyAnswers: publishedDailyBuckets.noisyEnergyAnswers,
      energySuppressed: publishedDailyBuckets.energySuppressed,
      noisyEnergyDelta: publishedDailyBuckets.noisyEnergyDelta,
      stressAnswers: publishedDailyBuckets.stressAnswers,
      noisyStressAnswers: publishedDailyBuckets.noisyStressAnswers,
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
    noisyCheckIns: row.noisyCheckIns,
    exercises: row.exercises,
    members: row.members,
    suppressed: row.suppressed,
    noisyMoodDelta: row.noisyMoodDelta,
    energy: {
      answers: row.energyAnswers,
      noisyAnswers: row.noisyEnergyAnswers,
      suppressed: row.energySuppressed,
      noisyDelta: row.noisyEnergyDelta,
    },
    stress: {
      answers: row.stressAnswers,
      noisyAnswers: row.noisyStressAnswers,
      suppressed: row.stressSuppressed,
      noisyDelta: row.noisyStressDelta,
    },
  }));
}

/**
 * How each month of the days is seen (docs/decisions/040): by day when the
 * company had at least DAILY_GRAIN_MIN_MEMBERS members on the month's first
 * day, otherwise by month (monthly-mood.ts). One statement for every month,
 * and constant work per month: it stops counting at the threshold, so a
 * 50,000-member company costs what a 20-member one does.
 */
export async function grainsOfMonths(
  db: Db,
  company: Company,
  days: readonly IsoDay[],
): Promise<Map<string, "day" | "month">> {
  const months = [...new Set(days.map((day) => day.slice(0, 7)))];
  if (months.length === 0) return new Map();
  const rows = rowsOf<{ month: string; members: number }>(
    await db.execute(sql`
      SELECT to_char(m.start, 'YYYY-MM') AS month,
        (SELECT count(*)::int FROM (
          SELECT 1 FROM company_memberships cm
          WHERE cm.company_id = ${company.id}
            AND ${membershipOverlaps(
              sql`cm`,
              sql`(m.start::timestamp AT TIME ZONE ${company.timezone})`,
              sql`((m.start + 1)::timestamp AT TIME ZONE ${company.timezone})`,
            )}
          LIMIT ${DAILY_GRAIN_MIN_MEMBERS}) AS present) AS members
      FROM (VALUES ${sql.join(
        months.map((month) => sql`(${`${month}-01`}::date)`),
        sql`, `,
      )}) AS m(start)`),
  );
  return new Map(rows.map((row) => [row.month, moodGrainOf(row.members)]));
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
