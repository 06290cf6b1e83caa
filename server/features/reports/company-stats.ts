/**
 * Company figures for managers and admins (docs/decisions/014): counts that
 * carry no mood read the live rollup (company_daily_stats); every mood figure
 * comes from the published, closed days only.
 */
import { and, count, eq, gte, lte, sql } from "drizzle-orm";
import { addDays, daysBetween, type IsoDay, laterDay, localDay } from "#core/dates.ts";
import { clampCount, isShown } from "#core/disclosure.ts";
import type { ReportPeriod } from "#core/report-periods.ts";
import type { Report } from "#core/schemas/reports.ts";
import { type PublishedScale, participationPercent, periodMeanOf, periodMoodOf } from "#core/team-metrics.ts";
import type { Db } from "#server/db/client.ts";
import { companyDailyStats, profiles } from "#server/db/schema/index.ts";
import type { Company } from "#server/features/auth/index.ts";
import { closedMonths, monthEnd, releasedMonths } from "./monthly-mood.ts";
import {
  grainsOfMonths,
  type PublishedDay,
  type PublishedScaleDay,
  publishedDays,
  unpublishedOf,
} from "./published-buckets.ts";

/** Current members whose latest check-in is on or after `from`: the team's recent respondents, read from an index. */
export async function recentRespondents(db: Db, companyId: string, from: IsoDay): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), gte(profiles.lastCheckInDay, from)));
  return row?.n ?? 0;
}

export type DayCounts = { day: IsoDay; checkIns: number; exercises: number };

/** Live counts (no mood), one row per day of the range, zeros where nothing happened. */
export async function dailyCounts(db: Db, companyId: string, from: IsoDay, to: IsoDay): Promise<DayCounts[]> {
  const length = daysBetween(from, to);
  if (length <= 0) return [];
  // A day's counts are split over its shard rows (server/db/schema/company-daily-stats.ts).
  const rows = await db
    .select({
      day: companyDailyStats.day,
      checkIns: sql<number>`sum(${companyDailyStats.checkIns})::int`,
      exercises: sql<number>`sum(${companyDailyStats.exercises})::int`,
    })
    .from(companyDailyStats)
    .where(
      and(eq(companyDailyStats.companyId, companyId), gte(companyDailyStats.day, from), lte(companyDailyStats.day, to)),
    )
    .groupBy(companyDailyStats.day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length }, (_, i) => {
    const day = addDays(from, i);
    const row = byDay.get(day);
    return { day, checkIns: row?.checkIns ?? 0, exercises: row?.exercises ?? 0 };
  });
}

/** The company's today, in its own time zone: the day that is still open. */
export function companyToday(company: Pick<Company, "timezone">, now: Date): IsoDay {
  return localDay(now, company.timezone);
}

/** The company's first day, in its own time zone: no period starts before it. */
export function companyFirstDay(company: Pick<Company, "timezone" | "createdAt">): IsoDay {
  return localDay(company.createdAt, company.timezone);
}

/**
 * A period is made of whole closed days ending yesterday, never before the
 * company's first day; the year to date starts on 1 January (empty on that day).
 */
export function periodRange(
  period: ReportPeriod,
  today: IsoDay,
  firstDay: IsoDay,
): { from: IsoDay; to: IsoDay; days: number } {
  const to = addDays(today, -1);
  const start = period === "ytd" ? `${today.slice(0, 4)}-01-01` : addDays(to, -(Number.parseInt(period, 10) - 1));
  const from = laterDay(start, firstDay);
  return { from, to, days: Math.max(0, daysBetween(from, to)) };
}

/** Energy or stress as a figure to average: no sum when suppressed or published before the metric existed. */
function scaleOf(figure: PublishedScaleDay): PublishedScale {
  return {
    answers: figure.answers ?? 0,
    noisyAnswers: figure.noisyAnswers ?? 0,
    noisyDelta: figure.suppressed === false ? figure.noisyDelta : null,
  };
}

/** A day's energy or stress on the report: the mean, whether it is hidden, and its 7-day line. */
function scaleSeries(day: PublishedDay, window: PublishedDay[], metric: "energy" | "stress", minGroup: number) {
  const figure = day[metric];
  const point = periodMeanOf([scaleOf(figure)]);
  return {
    average: point.mean,
    // Hidden: the day shows check-ins, and the figure is withheld (too few gave it, or too few for a point
    // worth drawing) or was never published (older days).
    hidden:
      isCountShown(day, minGroup) &&
      (figure.answers === null ||
        (figure.suppressed === true && (figure.noisyAnswers ?? 0) > 0) ||
        (figure.suppressed === false && point.mean === null)),
    trend: periodMeanOf(window.map((d) => scaleOf(d[metric]))).mean,
  };
}

/** A day's released check-ins within what can be: one check-in a member, at most (docs/decisions/061). */
function checkInsOf(day: PublishedDay): number {
  return clampCount(day.noisyCheckIns, day.members);
}

/** A day's check-in count is shown when its noisy count reaches k (docs/decisions/040). */
function isCountShown(day: PublishedDay, minGroup: number): boolean {
  return isShown(day.noisyCheckIns, minGroup);
}

/**
 * The report of a period, every figure from published days, which never
 * change: only the company's name and member count are live
 * (server/features/reports/report-cache.ts relies on it). It reads stored rows
 * only and never publishes: days the job has not published yet are left out
 * and counted in `preparingDays` (issue 37).
 */
export async function buildReport(
  db: Db,
  company: Company,
  period: ReportPeriod,
  now: Date,
  minGroup: number,
): Promise<Report> {
  const today = companyToday(company, now);
  const firstDay = companyFirstDay(company);
  const { from, to, days } = periodRange(period, today, firstDay);
  const listed = closedMonths(today, firstDay);
  // Six days more than the period, for the first days' 7-day trend (none before the company's first day).
  const [range, months, grains, monthsPreparing] = await Promise.all([
    days > 0
      ? publishedDays(db, company, laterDay(addDays(from, -6), firstDay), to)
      : Promise.resolve({ days: [], preparing: 0 }),
    releasedMonths(db, company, today, firstDay),
    grainsOfMonths(db, company, [today]),
    // A closed month is released before its last day is published (publish-closed-days.ts).
    unpublishedOf(
      db,
      company.id,
      listed.map(monthEnd).filter((day) => day < from || day > to),
    ),
  ]);
  const withLead = range.days;
  const published = withLead.filter((day) => day.day >= from);
  // Counts are the sums of each day's released (noisy) count: no exact count is ever shown, and none is
  // more than the day's members could give (docs/decisions/061).
  const checkIns = published.reduce((sum, day) => sum + checkInsOf(day), 0);
  const mood = periodMoodOf(published);
  const energy = periodMeanOf(published.map((day) => scaleOf(day.energy)));
  const stress = periodMeanOf(published.map((day) => scaleOf(day.stress)));
  return {
    company: { id: company.id, name: company.name },
    period,
    from,
    to,
    days,
    members: company.memberCount,
    checkIns,
    exercisesCompleted: published.reduce((sum, day) => sum + day.exercises, 0),
    participation: participationPercent(
      checkIns,
      published.reduce((sum, day) => sum + day.members, 0),
    ),
    averageMood: mood.averageMood,
    averageMoodMargin: mood.margin,
    moodDays: mood.moodDays,
    averageEnergy: energy.mean,
    averageEnergyMargin: energy.margin,
    energyDays: energy.days,
    averageStress: stress.mean,
    averageStressMargin: stress.margin,
    stressDays: stress.days,
    minGroup,
    grain: grains.get(today.slice(0, 7)) ?? "day",
    months,
    preparingDays: range.preparing + monthsPreparing,
    series: published.map((day) => {
      const weekBefore = addDays(day.day, -6);
      const window = withLead.filter((other) => other.day >= weekBefore && other.day <= day.day);
      const dayEnergy = scaleSeries(day, window, "energy", minGroup);
      const dayStress = scaleSeries(day, window, "stress", minGroup);
      const counted = isCountShown(day, minGroup);
      const dayMood = periodMoodOf([day]);
      return {
        day: day.day,
        checkIns: counted ? checkInsOf(day) : null,
        participation: counted ? participationPercent(checkInsOf(day), day.members) : null,
        averageMood: dayMood.averageMood,
        moodMargin: dayMood.margin,
        moodHidden: dayMood.averageMood === null && counted,
        trendMood: periodMoodOf(window).averageMood,
        averageEnergy: dayEnergy.average,
        energyHidden: dayEnergy.hidden,
        trendEnergy: dayEnergy.trend,
        averageStress: dayStress.average,
        stressHidden: dayStress.hidden,
        trendStress: dayStress.trend,
        exercises: day.exercises,
      };
    }),
  };
}
