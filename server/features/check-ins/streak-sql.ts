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
import { LOW_PATTERN_WITHIN_DAYS } from "#core/support-card.ts";

/** How far back the check-in statement reads: the streak's days, and the support card's window within them. */
const READ_BACK_DAYS = Math.max(STREAK_READ_BACK_DAYS, LOW_PATTERN_WITHIN_DAYS);

/**
 * The person's check-ins of the READ_BACK_DAYS before `day`, as one row of
 * two arrays, newest first: `days` (date[]) and `moods` (int[], 3 where the
 * mood was not given). One index range read for the streak and the support
 * card both; use it as a FROM item. `userId` and `day` are values, or
 * columns of the statement's own rows.
 */
export function recentCheckInsSql(userId: string | SQL, day: IsoDay | SQL): SQL {
  return sql`(
    SELECT coalesce(array_agg(day ORDER BY day DESC), '{}') AS days,
      coalesce(array_agg(coalesce(mood, 3)::int ORDER BY day DESC), '{}') AS moods
    FROM user_progress
    WHERE user_id = ${userId} AND exercise_id IS NULL
      AND day < ${day}::date AND day >= ${day}::date - ${READ_BACK_DAYS}::int
  )`;
}

/**
 * The run's check-in days before `day` (0 to the bonus's cap; older days
 * cannot raise it), from `days` (a date[] of recentCheckInsSql): the
 * migration's previous_streak_days, which follows core/streak.ts
 * (`previousRunDays`, the reference it must equal).
 */
export function previousStreakDaysSql(days: SQL, day: IsoDay | SQL): SQL {
  return sql`least(${STREAK_BONUS_LOOKBACK_DAYS}::int, previous_streak_days(${days}, ${day}::date, ${STREAK_FREEZE_EVERY}::int))`;
}

/** The bonus after `previousDays` (an SQL integer), read from core's table. */
export function streakBonusSql(previousDays: SQL): SQL {
  return sql`(ARRAY[${sql.raw(streakBonusTable().join(","))}]::int[])[${previousDays} + 1]`;
}
