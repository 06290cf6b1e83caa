/**
 * The day's state of the caller's own check-ins (docs/decisions/023): what
 * today's check-in earns or earned, and the private support card's rule.
 * Read on request from the caller's own rows only; nothing is stored.
 */
import { and, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import { addDays, type IsoDay } from "#core/dates.ts";
import { CHECK_IN_XP } from "#core/exercises.ts";
import type { CheckInAward } from "#core/schemas/check-ins.ts";
import { checkInAward, STREAK_READ_BACK_DAYS, streakFreeze } from "#core/streak.ts";
import { LOW_PATTERN_CHECK_INS, LOW_PATTERN_WITHIN_DAYS, showsLowPattern } from "#core/support-card.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { userProgress } from "#server/db/schema/index.ts";
import { previousStreakDaysSql } from "./streak-sql.ts";

/** The award of a check-in made after `previousDays`, or of the one already made (its XP as recorded). */
export function awardOf(previousDays: number, madeXp: number | null): CheckInAward {
  const streakDays = previousDays + 1;
  if (madeXp === null) return { ...checkInAward(previousDays), streakDays };
  return { baseXp: CHECK_IN_XP, streakBonus: Math.max(0, madeXp - CHECK_IN_XP), total: madeXp, streakDays };
}

export async function previousStreakDays(db: Db, userId: string, day: IsoDay): Promise<number> {
  const result = await db.execute(sql`SELECT ${previousStreakDaysSql(userId, day)} AS days`);
  return Number(rowsOf<{ days: number }>(result)[0]?.days ?? 0);
}

/** The member's streak freeze today (core/streak.ts), from their own recent check-in days. */
export async function streakFreezeOf(db: Db, userId: string, today: IsoDay) {
  const recent = await db
    .select({ day: userProgress.day })
    .from(userProgress)
    .where(
      and(
        eq(userProgress.userId, userId),
        isNull(userProgress.exerciseId),
        gte(userProgress.day, addDays(today, -STREAK_READ_BACK_DAYS)),
        lte(userProgress.day, today),
      ),
    );
  return streakFreeze(
    recent.map((row) => row.day),
    today,
  );
}

/**
 * The person's check-ins that the support card's rule reads (core/support-card.ts): the latest
 * before `day` within the window, newest first, as JSON [{ day, mood }]. The check-in statement
 * reads it too, so the card after a check-in costs no second query.
 */
export function earlierCheckInsSql(userId: string, day: IsoDay, includingDay = false): SQL {
  return sql`(
    SELECT coalesce(json_agg(json_build_object('day', recent.day::text, 'mood', recent.mood) ORDER BY recent.day DESC), '[]'::json)
    FROM (
      SELECT day, coalesce(mood, 3) AS mood FROM user_progress
      WHERE user_id = ${userId} AND exercise_id IS NULL
        AND day ${includingDay ? sql`<=` : sql`<`} ${day}::date AND day >= ${day}::date - ${LOW_PATTERN_WITHIN_DAYS - 1}::int
      ORDER BY day DESC LIMIT ${LOW_PATTERN_CHECK_INS}
    ) recent
  )`;
}

export type EarlierCheckIn = { day: IsoDay; mood: number };

/** The support card's rule on the day's check-in (if any) and the ones before it. */
export function lowPatternOn(day: IsoDay, todays: { mood: number | null } | null, earlier: EarlierCheckIn[]) {
  return showsLowPattern(todays ? [{ day, mood: todays.mood ?? 3 }, ...earlier] : earlier, day);
}

/** The support card's rule (core/support-card.ts) on the person's latest check-ins up to `today`. */
export async function hasLowPattern(db: Db, userId: string, today: IsoDay): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT ${earlierCheckInsSql(userId, today, true)} AS recent`);
  const recent = rowsOf<{ recent: EarlierCheckIn[] | string }>(result)[0]?.recent ?? [];
  return showsLowPattern(typeof recent === "string" ? JSON.parse(recent) : recent, today);
}
