/**
 * The day's check-in in ONE statement (the hottest write of the product):
 * the insert, then, only if it happened, the company's daily rollup and the
 * XP. The unique (user_id, day) index makes a double submit a no-op, never a
 * second award. The XP is +50 plus the streak bonus, decided in the same
 * statement from the days before (docs/decisions/023), never from the mood. It also reads the check-ins the support card's rule
 * needs, so the route makes no second query. Used by the route and by the
 * benchmark, so both measure the same.
 */
import { type SQL, sql } from "drizzle-orm";
import type { IsoDay } from "#core/dates.ts";
import { CHECK_IN_XP } from "#core/exercises.ts";
import { type Db, executePrepared, rowsOf } from "#server/db/client.ts";
import { writerShard } from "#server/db/schema/index.ts";
import { checkInsOf, type EarlierCheckIn } from "./daily-loop.ts";
import { previousStreakDaysSql, recentCheckInsSql, streakBonusSql } from "./streak-sql.ts";

export type NewCheckIn = {
  userId: string;
  companyId: string | null;
  mood: number;
  /** Optional (docs/decisions/023). */
  energy?: number | null;
  stress?: number | null;
  notes: string | null;
  at: Date;
  day: IsoDay;
};

export type InsertedCheckIn = {
  id: string;
  day: IsoDay;
  mood: number;
  energy: number | null;
  stress: number | null;
  notes: string | null;
  completedAt: Date;
  xpEarned: number;
  /** Consecutive days before this one (the streak bonus follows from it). */
  previousStreakDays: number;
  /** The person's check-ins of the days just before this one, newest first, for the support card's rule (daily-loop.ts). */
  earlier: EarlierCheckIn[];
  /** The profile after the award (null if the person has no profile). */
  xp: number | null;
  engagementPoints: number | null;
};

/** Null when the person already checked in that day. */
export async function insertCheckInOnce(db: Db, input: NewCheckIn): Promise<InsertedCheckIn | null> {
  return insertedOf(await executePrepared(db, checkInStatement(input, null)));
}

export const CALLER_CHANGED = "caller-changed";

/**
 * As insertCheckInOnce, for a caller the route did not read from the database
 * this time: nothing is written unless `callerHolds` (rememberedCallerHolds in
 * server/features/auth/viewer.ts) is true inside the statement.
 */
export async function insertCheckInAs(
  db: Db,
  input: NewCheckIn,
  callerHolds: SQL,
): Promise<InsertedCheckIn | null | typeof CALLER_CHANGED> {
  const result = await executePrepared(db, checkInStatement(input, callerHolds));
  return rowsOf<{ caller_holds: boolean }>(result)[0]?.caller_holds === false ? CALLER_CHANGED : insertedOf(result);
}

// Two fixed texts (with and without the caller's check), each prepared once per connection.
function checkInStatement(input: NewCheckIn, callerHolds: SQL | null) {
  return sql`
    WITH streak AS (
      SELECT ${previousStreakDaysSql(sql`recent.days`, input.day)} AS previous_days,
        recent.days::text[] AS days, recent.moods,
        ${callerHolds ?? sql`true`} AS caller_holds
      FROM ${recentCheckInsSql(input.userId, input.day)} recent
    ), inserted AS (
      INSERT INTO user_progress (user_id, company_id, mood, energy, stress, notes, completed_at, day, xp_earned)
      SELECT ${input.userId}, ${input.companyId}::uuid, ${input.mood}::smallint, ${input.energy ?? null}::smallint, ${input.stress ?? null}::smallint,
        ${input.notes}, ${input.at.toISOString()}::timestamptz, ${input.day}::date,
        ${CHECK_IN_XP} + ${streakBonusSql(sql`streak.previous_days`)}
      FROM streak WHERE streak.caller_holds
      ON CONFLICT (user_id, day) WHERE exercise_id IS NULL DO NOTHING
      RETURNING id, day, mood, energy, stress, notes, completed_at, xp_earned
    ), rolled_up AS (
      INSERT INTO company_daily_stats (company_id, day, shard, check_ins)
      SELECT ${input.companyId}::uuid, day, ${writerShard}, 1 FROM inserted WHERE ${input.companyId}::uuid IS NOT NULL
      ON CONFLICT (company_id, day, shard) DO UPDATE SET check_ins = company_daily_stats.check_ins + 1
    ), awarded AS (
      -- Points are one per XP (core/points.ts, docs/decisions/006), so both grow by the row's XP.
      UPDATE profiles SET xp = xp + inserted.xp_earned, engagement_points = engagement_points + inserted.xp_earned,
        last_check_in_day = greatest(last_check_in_day, ${input.day}::date), updated_at = now()
      FROM inserted WHERE profiles.user_id = ${input.userId}
      RETURNING profiles.xp, profiles.engagement_points
    )
    -- One row always: the caller's check, and the check-in when one was written.
    SELECT inserted.*, awarded.xp, awarded.engagement_points, streak.previous_days, streak.days, streak.moods,
      streak.caller_holds
    FROM streak LEFT JOIN inserted ON true LEFT JOIN awarded ON true`;
}

function insertedOf(result: unknown): InsertedCheckIn | null {
  const row = rowsOf<{
    id: string | null;
    day: string;
    mood: number;
    energy: number | null;
    stress: number | null;
    notes: string | null;
    completed_at: string | Date;
    xp_earned: number;
    xp: number | null;
    engagement_points: number | null;
    previous_days: number;
    days: string[];
    moods: number[];
  }>(result)[0];
  if (!row?.id) return null;
  return {
    id: row.id,
    day: String(row.day).slice(0, 10),
    mood: row.mood,
    energy: row.energy,
    stress: row.stress,
    notes: row.notes,
    completedAt: new Date(row.completed_at),
    xpEarned: row.xp_earned,
    previousStreakDays: Number(row.previous_days),
    earlier: checkInsOf(row),
    xp: row.xp,
    engagementPoints: row.engagement_points,
  };
}
