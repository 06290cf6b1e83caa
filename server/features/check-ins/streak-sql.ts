/**
 * The streak in SQL (docs/decisions/023), so the award is decided in the
 * check-in's own statement. The amounts come from core/streak.ts.
 */
import { type SQL, sql } from "drizzle-orm";
import type { IsoDay } from "#core/dates.ts";
import {
  STREAK_BONUS_LOOKBACK_DAYS,
  STREAK_FREEZE_EVERY,
  STREAK_READ_BACK_DAYS,
  streakBonusTable,
} from "#core/streak.ts";

/**
 * The run's check-in days before `day` (0 to the bonus's cap; older days
 * cannot raise it), with the streak freeze of core/streak.ts
 * (`previousRunDays`, the reference this must equal): the recent days are
 * grouped into unbroken stretches, newest first; a stretch continues the run
 * when it ends the day before the newer one begins, or two days before (one
 * missed day) and it has STREAK_FREEZE_EVERY days or more; the run stops at
 * the first stretch that does not.
 */
export function previousStreakDaysSql(userId: string, day: IsoDay): SQL {
  return sql`(
    -- coalesce inside least(): least() ignores NULLs, and a run with no stretch must be 0, not the cap.
    SELECT least(${STREAK_BONUS_LOOKBACK_DAYS}::int, coalesce(sum(days) FILTER (WHERE chained), 0))::int FROM (
      SELECT days, bool_and(continues) OVER (ORDER BY last DESC) AS chained FROM (
        SELECT last, days,
          (last = coalesce(lag(first) OVER (ORDER BY last DESC), ${day}::date) - 1
            OR (last = coalesce(lag(first) OVER (ORDER BY last DESC), ${day}::date) - 2
              AND days >= ${STREAK_FREEZE_EVERY}::int)) AS continues
        FROM (
          SELECT min(day) AS first, max(day) AS last, count(*)::int AS days FROM (
            SELECT day, day - (row_number() OVER (ORDER BY day))::int AS stretch FROM user_progress
            WHERE user_id = ${userId} AND exercise_id IS NULL
              AND day < ${day}::date AND day >= ${day}::date - ${STREAK_READ_BACK_DAYS}::int
          ) recent GROUP BY stretch
        ) stretches
      ) linked
    ) run
  )`;
}

/** The bonus after `previousDays` (an SQL integer), read from core's table. */
export function streakBonusSql(previousDays: SQL): SQL {
  return sql`(ARRAY[${sql.raw(streakBonusTable().join(","))}]::int[])[${previousDays} + 1]`;
}
