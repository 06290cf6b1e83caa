/**
 * Company figures for managers and admins: only aggregates, with moods
 * withheld below the privacy group (DESIGN 4). Series read the daily rollup
 * (company_daily_stats); distinct respondents come from the covering index.
 */
import { and, between, count, eq, gte, isNull, sql } from "drizzle-orm";
import { addDays, daysBetween, type IsoDay } from "#core/dates.ts";
import { isMoodWithheld, participationPercent, roundMood } from "#core/team-metrics.ts";
import type { Db } from "#server/db/client.ts";
import { companyDailyStats, profiles, userProgress } from "#server/db/schema/index.ts";

export async function memberCount(db: Db, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(profiles).where(eq(profiles.companyId, companyId));
  return row?.n ?? 0;
}

/** Current members whose latest check-in is on or after `from`: the team's recent respondents, read from an index. */
export async function recentRespondents(db: Db, companyId: string, from: IsoDay): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), gte(profiles.lastCheckInDay, from)));
  return row?.n ?? 0;
}

export async function distinctRespondents(db: Db, companyId: string, from: IsoDay, to: IsoDay): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${userProgress.userId})::int` })
    .from(userProgress)
    .where(
      and(eq(userProgress.companyId, companyId), isNull(userProgress.exerciseId), between(userProgress.day, from, to)),
    );
  return row?.n ?? 0;
}

export type DayStats = { day: IsoDay; checkIns: number; moodSum: number; exercises: number };

/** One row per day of the range, zeros where nothing happened. */
export async function dailyStats(db: Db, companyId: string, from: IsoDay, to: IsoDay): Promise<DayStats[]> {
  const rows = await db
    .select()
    .from(companyDailyStats)
    .where(
      and(
        eq(companyDailyStats.companyId, companyId),
        gte(companyDailyStats.day, from),
        sql`${companyDailyStats.day} <= ${to}`,
      ),
    );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: daysBetween(from, to) }, (_, i) => {
    const day = addDays(from, i);
    const row = byDay.get(day);
    return { day, checkIns: row?.checkIns ?? 0, moodSum: row?.moodSum ?? 0, exercises: row?.exercises ?? 0 };
  });
}

/**
 * The period's average mood, or null when fewer than `minGroup` distinct people
 * answered. A day with minGroup check-ins already proves minGroup distinct
 * people (one check-in per person per day); only otherwise is the exact count read.
 */
export async function periodMood(
  db: Db,
  companyId: string,
  days: DayStats[],
  minGroup: number,
): Promise<{ averageMood: number | null; respondents: number | null }> {
  const checkIns = days.reduce((sum, day) => sum + day.checkIns, 0);
  const moodSum = days.reduce((sum, day) => sum + day.moodSum, 0);
  if (checkIns === 0) return { averageMood: null, respondents: 0 };
  const busiest = Math.max(...days.map((day) => day.checkIns));
  let respondents: number | null = null;
  if (isMoodWithheld(busiest, minGroup)) {
    respondents = await distinctRespondents(
      db,
      companyId,
      days[0]?.day as IsoDay,
      days[days.length - 1]?.day as IsoDay,
    );
    if (isMoodWithheld(respondents, minGroup)) return { averageMood: null, respondents };
  }
  return { averageMood: roundMood(moodSum / checkIns), respondents };
}

export function seriesOf(days: DayStats[], members: number, minGroup: number) {
  return days.map((day) => ({
    day: day.day,
    checkIns: day.checkIns,
    participation: participationPercent(day.checkIns, members, 1),
    averageMood: isMoodWithheld(day.checkIns, minGroup) ? null : roundMood(day.moodSum / day.checkIns),
    exercises: day.exercises,
  }));
}
