import { addDays, type IsoDay } from "./dates.ts";

/**
 * Consecutive check-in days up to today. A streak is not broken until the day
 * ends: if today has no check-in yet, it counts up to yesterday.
 */
export function checkInStreak(checkInDays: readonly IsoDay[], today: IsoDay): number {
  const days = new Set(checkInDays);
  let cursor = days.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (days.has(cursor)) {
    streak += 1;
    cursor = addDays(cursor, -1);
  }
  return streak;
}
