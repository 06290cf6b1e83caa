/**
 * 'Insights da equipe' for a company (docs/decisions/019): the last 90
 * closed days as published (docs/decisions/014), never raw check-ins, fed to
 * core/insights.ts. Exercise counts carry no mood and come from the rollup.
 */
import { buildInsights, type InsightDay } from "#core/insights.ts";
import type { TeamInsights } from "#core/schemas/reports.ts";
import { publishedMoodMean } from "#core/team-metrics.ts";
import type { Db } from "#server/db/client.ts";
import type { Company } from "#server/features/auth/index.ts";
import { companyFirstDay, companyToday, dailyCounts, periodRange } from "./company-stats.ts";
import { grainsOfMonths, publishedDays } from "./published-buckets.ts";

export async function teamInsights(db: Db, company: Company, now: Date, minGroup: number): Promise<TeamInsights> {
  const { from, to, days } = periodRange("90d", companyToday(company, now), companyFirstDay(company));
  const [range, counts] =
    days > 0
      ? await Promise.all([publishedDays(db, company, from, to), dailyCounts(db, company.id, from, to)])
      : [{ days: [], preparing: 0 }, []];
  const published = range.days;
  const grains = await grainsOfMonths(
    db,
    company,
    published.map((day) => day.day),
  );
  const exercises = new Map(counts.map((day) => [day.day, day.exercises]));
  const insightDays: InsightDay[] = published.map((day) => ({
    day: day.day,
    checkIns: day.checkIns,
    members: day.members,
    mood: day.suppressed || day.noisyMoodDelta === null ? null : publishedMoodMean(day.noisyMoodDelta, day.checkIns),
    isHidden: day.suppressed && day.checkIns > 0,
    isMonthly: grains.get(day.day.slice(0, 7)) === "month",
    exercises: exercises.get(day.day) ?? 0,
  }));
  return { from, to, preparingDays: range.preparing, minGroup, ...buildInsights(insightDays, minGroup) };
}
