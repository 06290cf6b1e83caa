/**
 * The streak in SQL (docs/decisions/023), so the award is decided in the
 * check-in's own statement. The amounts come from core/streak.ts.
 */
import { type SQL, sql } from "drizzle-orm";
import type { IsoDay } from "#core/dates.ts";
import { STREAK_BONUS_LOOKBACK_DAYS, streakBonusTable } from "#core/streak.ts";

/**
 * The number of consecutive days with a check-in ending the day before `day`
 * (0 to the look-back; older days cannot raise the capped bonus). Among the
 * recent days newest first, the n-th belongs to the run when it is `day - n`.
 */
export function previousStreakDaysSql(userId: string, day: IsoDay): SQL {
  return sql`(
    SELECT count(*)::int FROM (
      SELECT day, row_number() OVER (ORDER BY day DESC)::int AS n FROM user_progress
      WHERE user_id = ${userId} AND exercise_id IS NULL
        AND day < ${day}::date AND day >= ${day}::date - ${STREAK_BONUS_LOOKBACK_DAYS}::int
    ) recent WHERE recent.day = ${day}::date - recent.n
  )`;
}

/** The bonus after `previousDays` (an SQL integer), read from core's table. */
export function streakBonusSql(previousDays: SQL): SQL {
  return sql`(ARRAY[${sql.raw(streakBonusTable().join(","))}]::int[])[${previousDays} + 1]`;
}
