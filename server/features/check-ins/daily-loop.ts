/**
 * The day's state of the caller's own check-ins (docs/decisions/023): what
 * today's check-in earns or earned, and the private support card's rule.
 * Read on request from the caller's own rows only; nothing is stored.
 */
import { and, eq, gte, isNull, lte, sql } from "drizzle-orm";
import { addDays, type IsoDay } from "#core/dates.ts";
import { CHECK_IN_XP } from "#core/exercises.ts";
import type { CheckInAward } from "#core/schemas/check-ins.ts";
import { checkInAward, STREAK_READ_BACK_DAYS, streakFreeze } from "#core/streak.ts";
import { showsLowPattern } from "#core/support-card.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { userProgress } from "#server/db/schema/index.ts";
import { previousStreakDaysSql, recentCheckInsSql } from "./streak-sql.ts";

/** The award of a check-in made after `previousDays`, or of the one already made (its XP as recorded). */
export function awardOf(previousDays: number, madeXp: number | null): CheckInAward {
  const streakDays = previousDays + 1;
  if (madeXp === null) return { ...checkInAward(previousDays), streakDays };
  return { baseXp: CHECK_IN_XP, streakBonus: Math.max(0, madeXp - CHECK_IN_XP), total: madeXp, streakDays };
}

export async function previousStreakDays(db: Db, userId: string, day: IsoDay): Promise<number> {
  const result = await db.execute(
    sql`SELECT ${previousStreakDaysSql(sql`recent.days`, day)} AS days FROM ${recentCheckInsSql(userId, day)} recent`,
  );
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

export type EarlierCheckIn = { day: IsoDay; mood: number };

/** The arrays of recentCheckInsSql (streak-sql.ts) as check-ins, newest first. */
export function checkInsOf(row: { days: string[]; moods: number[] } | undefined): EarlierCheckIn[] {
  return (row?.days ?? []).map((day, i) => ({ day, mood: Number(row?.moods[i]) }));
}

/** The support card's rule on the day's check-in (if any) and the ones before it. */
export function lowPatternOn(day: IsoDay, todays: { mood: number | null } | null, earlier: EarlierCheckIn[]) {
  return showsLowPattern(todays ? [{ day, mood: todays.mood ?? 3 }, ...earlier] : earlier, day);
}

/** The support card's rule (core/support-card.ts) on the person's latest check-ins up to `today`. */
export async function hasLowPattern(db: Db, userId: string, today: IsoDay): Promise<boolean> {
  // The days before tomorrow: today's check-in included.
  const result = await db.execute(
    sql`SELECT recent.days::text[] AS days, recent.moods FROM ${recentCheckInsSql(userId, addDays(today, 1))} recent`,
  );
  return showsLowPattern(checkInsOf(rowsOf<{ days: string[]; moods: number[] }>(result)[0]), today);
}
