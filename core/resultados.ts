/**
 * Resultados, the outcomes report (issue 47, docs/decisions/088): the windows its figures cover and the
 * care outcome definitions, shared by the publishing job, the page and the feed. Every figure itself is
 * released by the disclosure layer (core/disclosure.ts, server/features/disclosure).
 */
import { addDays, type IsoDay } from "./dates.ts";

/** Care figures are company-wide only and need at least this many people (issue 47 item 3), whatever k is. */
export const CARE_MIN_GROUP = 10;

/** A calendar month 'YYYY-MM' from a day. */
export const monthOfDay = (day: IsoDay) => day.slice(0, 7);

/** The first day of the month `offset` months from `month` (YYYY-MM). */
export function monthStartDay(month: string, offset = 0): IsoDay {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1 + offset, 1)).toISOString().slice(0, 10);
}

export const monthEndDay = (month: string): IsoDay => addDays(monthStartDay(month, 1), -1);

/** A calendar quarter '2026-T4' (trimestre), as the WHO-5 counts them (core/who5.ts). */
export function quarterOfDay(day: IsoDay): string {
  return `${day.slice(0, 4)}-T${Math.ceil(Number(day.slice(5, 7)) / 3)}`;
}

export function quarterStartDay(quarter: string, offset = 0): IsoDay {
  const [year, q] = quarter.split("-T").map(Number) as [number, number];
  return new Date(Date.UTC(year, (q - 1) * 3 + offset * 3, 1)).toISOString().slice(0, 10);
}

export const quarterEndDay = (quarter: string): IsoDay => addDays(quarterStartDay(quarter, 1), -1);

/** The closed months (newest first) from the company's first day to before `today`'s month, at most `limit`. */
export function closedMonthsSince(today: IsoDay, firstDay: IsoDay, limit = 12): string[] {
  const months: string[] = [];
  for (let offset = -1; offset >= -limit; offset -= 1) {
    const month = monthStartDay(monthOfDay(today), offset).slice(0, 7);
    if (monthEndDay(month) < firstDay) break;
    months.push(month);
  }
  return months;
}

/** The closed quarters (newest first) from the company's first day to before `today`'s quarter, at most `limit`. */
export function closedQuartersSince(today: IsoDay, firstDay: IsoDay, limit = 8): string[] {
  const quarters: string[] = [];
  const current = quarterStartDay(quarterOfDay(today));
  for (let offset = -1; offset >= -limit; offset -= 1) {
    const quarter = quarterOfDay(quarterStartDay(quarterOfDay(current), offset));
    if (quarterEndDay(quarter) < firstDay) break;
    quarters.push(quarter);
  }
  return quarters;
}

/**
 * The day a figure of a window can first be read: the day after the window ends (it is released by the
 * publishing job that night, docs/decisions/041).
 */
export const availableFrom = (windowEnd: IsoDay): IsoDay => addDays(windowEnd, 1);

/** One person's PHQ-9 and GAD-7 scores, first and last measure of each (null: never answered). */
export type CareScores = {
  phq9: { first: number; last: number } | null;
  gad7: { first: number; last: number } | null;
};

/**
 * The thresholds of NHS Talking Therapies (formerly IAPT), "Measuring recovery" (NHS England, 2024, after
 * Jacobson & Truax's reliable change index): a change by at least the measure's reliable change is real
 * change, and caseness is the score from which a person counts as a clinical case.
 */
const careThresholds = {
  phq9: { reliableChange: 6, caseness: 10 },
  gad7: { reliableChange: 4, caseness: 8 },
} as const;

/** True when the person has two or more measures of at least one instrument (a follow-up). */
export function hasFollowUp(counts: { phq9: number; gad7: number }): boolean {
  return counts.phq9 >= 2 || counts.gad7 >= 2;
}

/**
 * Reliable improvement: PHQ-9 down by 6 or more, or GAD-7 down by 4 or more, between the person's first and
 * last measure, and neither up by its reliable change (the NHS definition: an improvement on one measure
 * with a reliable deterioration on the other is not an improvement).
 */
export function isReliablyImproved(scores: CareScores): boolean {
  const change = (pair: { first: number; last: number } | null) => (pair ? pair.last - pair.first : 0);
  const phq9 = change(scores.phq9);
  const gad7 = change(scores.gad7);
  const improved = phq9 <= -careThresholds.phq9.reliableChange || gad7 <= -careThresholds.gad7.reliableChange;
  const deteriorated = phq9 >= careThresholds.phq9.reliableChange || gad7 >= careThresholds.gad7.reliableChange;
  return improved && !deteriorated;
}

/** At caseness on the first measure: PHQ-9 ≥ 10 or GAD-7 ≥ 8. Only these people can recover. */
export function startedAtCaseness(scores: CareScores): boolean {
  return (
    (scores.phq9 !== null && scores.phq9.first >= careThresholds.phq9.caseness) ||
    (scores.gad7 !== null && scores.gad7.first >= careThresholds.gad7.caseness)
  );
}

/** Recovery: at caseness on the first measure and below both cut-offs on the last. */
export function hasRecovered(scores: CareScores): boolean {
  if (!startedAtCaseness(scores)) return false;
  const belowPhq9 = scores.phq9 === null || scores.phq9.last < careThresholds.phq9.caseness;
  const belowGad7 = scores.gad7 === null || scores.gad7.last < careThresholds.gad7.caseness;
  return belowPhq9 && belowGad7;
}

/**
 * The days from a first booking request to the first session held are released as a histogram (each
 * person in one bucket, so the buckets cost one count's ε together), and the median is read off it.
 * Each bucket is [from, to) in days; the last is open.
 */
export const waitBuckets = [
  { from: 0, to: 3 },
  { from: 3, to: 7 },
  { from: 7, to: 14 },
  { from: 14, to: 21 },
  { from: 21, to: 30 },
  { from: 30, to: 60 },
] as const;

export function waitBucketOf(days: number): number {
  const index = waitBuckets.findIndex((bucket) => days < bucket.to);
  return index === -1 ? waitBuckets.length - 1 : index;
}

/**
 * The median of a histogram of noisy bucket counts, interpolated inside the bucket that holds the middle
 * person; null when the counts hold nobody.
 */
export function medianOfBuckets(counts: readonly number[]): number | null {
  const clean = counts.map((count) => Math.max(0, count));
  const total = clean.reduce((sum, count) => sum + count, 0);
  if (total <= 0) return null;
  let below = 0;
  for (const [index, count] of clean.entries()) {
    const bucket = waitBuckets[index];
    if (!bucket) break;
    if (below + count >= total / 2 && count > 0) {
      return bucket.from + ((total / 2 - below) / count) * (bucket.to - bucket.from);
    }
    below += count;
  }
  return waitBuckets[waitBuckets.length - 1]?.to ?? null;
}

/**
 * Noisy counts of nested groups (activated ⊇ active ⊇ steady) made to read as nested: where a smaller group's
 * noisy count came out above a larger one's, both show their mean (pool-adjacent-violators, the least-squares
 * fit that never rises). Arithmetic on released counts only: it spends no privacy (docs/decisions/097).
 */
export function nestedCounts(counts: readonly number[]): number[] {
  const blocks: { sum: number; size: number }[] = [];
  for (const count of counts) {
    blocks.push({ sum: count, size: 1 });
    for (;;) {
      const last = blocks[blocks.length - 1] as { sum: number; size: number };
      const before = blocks[blocks.length - 2];
      if (!before || before.sum / before.size >= last.sum / last.size) break;
      blocks.splice(-2, 2, { sum: before.sum + last.sum, size: before.size + last.size });
    }
  }
  return blocks.flatMap((block) => Array.from({ length: block.size }, () => Math.round(block.sum / block.size)));
}

/** Active in at least this many of a month's four weeks (days 1–7, 8–14, 15–21, 22–28). */
export const STEADY_WEEKS = 3;

/** The week (0–3) of a day of the month, or null for days 29–31. */
export function weekOfMonth(day: IsoDay): number | null {
  const date = Number(day.slice(8, 10));
  return date > 28 ? null : Math.floor((date - 1) / 7);
}

/** '2026-T3' → '3º trimestre de 2026'. */
export function quarterLabel(quarter: string): string {
  return `${quarter.slice(6)}º trimestre de ${quarter.slice(0, 4)}`;
}
