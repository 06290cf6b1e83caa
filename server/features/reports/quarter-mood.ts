/**
 * A closed quarter's mood for Resultados' wellbeing layer (docs/decisions/093): read from the figures the
 * reports already published, never released anew from the check-ins. The days published at the daily
 * grain (publishedDays, decision 041) make one period mean with its margin (periodMoodOf, the reports'
 * own rule: hidden days never enter a total); the months a small company sees by month (moodMonth,
 * decision 040) bring their stored means. Both are averaged by the months they cover.
 */
import { type IsoDay, localDay } from "#core/dates.ts";
import { periodMoodOf } from "#core/team-metrics.ts";
import type { Db } from "#server/db/client.ts";
import { readDisclosed } from "#server/features/disclosure/index.ts";
import { publishedDays } from "./published-buckets.ts";

type Company = { id: string; timezone: string };

/** The quarter's mean mood (1–5) and its 90 % margin, or null when nothing of it was published. */
export async function quarterMood(
  db: Db,
  company: Company,
  quarter: { from: IsoDay; to: IsoDay; months: readonly string[] },
  now: Date,
): Promise<{ mean: number; margin: number } | null> {
  const yesterday = localDay(new Date(now.getTime() - 86_400_000), company.timezone);
  // biome-ignore lint/complexity/useMathMinMax: ISO days are strings, the earlier is the smaller text.
  const to = quarter.to < yesterday ? quarter.to : yesterday;
  const [published, stored] = await Promise.all([
    publishedDays(db, company, quarter.from, to),
    readDisclosed(
      db,
      company.id,
      "moodMonth",
      quarter.months.map((month) => `mood|${month}`),
    ),
  ]);
  const parts: { mean: number; margin: number; weight: number }[] = [];
  const byMonth = quarter.months.flatMap((month) => {
    const figure = stored.get(`mood|${month}`);
    return figure?.mean == null ? [] : [{ month, mean: figure.mean, margin: figure.margin ?? 0 }];
  });
  for (const month of byMonth) parts.push({ ...month, weight: 1 });
  const dailyMonths = new Set(published.days.filter((day) => !day.suppressed).map((day) => day.day.slice(0, 7))).size;
  const daily = periodMoodOf(published.days);
  if (daily.averageMood !== null && dailyMonths > 0) {
    parts.push({ mean: daily.averageMood, margin: daily.margin ?? 0, weight: dailyMonths });
  }
  const weight = parts.reduce((sum, part) => sum + part.weight, 0);
  if (weight === 0) return null;
  return {
    mean: parts.reduce((sum, part) => sum + part.weight * part.mean, 0) / weight,
    margin: Math.sqrt(parts.reduce((sum, part) => sum + (part.weight * part.margin) ** 2, 0)) / weight,
  };
}
