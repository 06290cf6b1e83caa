/**
 * The day's state of the caller's own check-ins (docs/decisions/023): what
 * today's check-in earns or earned, and the private support card's rule.
 * Read on request from the caller's own rows only; nothing is stored.
 */
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { IsoDay } from "#core/dates.ts";
import { CHECK_IN_XP } from "#core/exercises.ts";
import type { CheckInAward } from "#core/schemas/check-ins.ts";
import { checkInAward } from "#core/streak.ts";
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

export type EarlierCheckIn = { day: IsoDay; mood: number };

/** The arrays of recentCheckInsSql (streak-sql.ts) as check-ins, newest first. */
export function checkInsOf(row: { days: string[]; moods: number[] } | undefined): EarlierCheckIn[] {
  return (row?.days ?? []).map((day, i) => ({ day, mood: Number(row?.moods[i]) }));
}

/** The support card's rule on the day's check-in (if any) and the ones before it. */
export function lowPatternOn(day: IsoDay, todays: { mood: number | null } | null, earlier: EarlierCheckIn[]) {
  return showsLowPattern(todays ? [{ day, mood: todays.mood ?? 3 }, ...earlier] : earlier, day);
}

/**
 * The caller's check-ins before `day`, in one read: the run today's check-in
 * would continue (the check-in statement's own SQL rule) and the check-ins
 * themselves, newest first, for the freeze and the support card.
 */
export async function checkInsBefore(
  db: Db,
  userId: string,
  day: IsoDay,
): Promise<{ previousDays: number; earlier: EarlierCheckIn[] }> {
  const result = await db.execute(
    sql`SELECT ${previousStreakDaysSql(sql`recent.days`, day)} AS previous, recent.days::text[] AS days, recent.moods
      FROM ${recentCheckInsSql(userId, day)} recent`,
  );
  const row = rowsOf<{ previous: number; days: string[]; moods: number[] }>(result)[0];
  return { previousDays: Number(row?.previous ?? 0), earlier: checkInsOf(row) };
}

/** A person's check-in of one day: their progress row of that day that is not an exercise. */
export function checkInOn(userId: string, day: IsoDay): SQL | undefined {
  return and(eq(userProgress.userId, userId), isNull(userProgress.exerciseId), eq(userProgress.day, day));
}

/** Whether a person has checked in on `day` (the member's dashboard greets by it, also in a page's first frame). */
export async function hasCheckedIn(db: Db, userId: string, day: IsoDay): Promise<boolean> {
  const [row] = await db.select({ id: userProgress.id }).from(userProgress).where(checkInOn(userId, day)).limit(1);
  return row !== undefined;
}
