/**
 * The day's check-in in ONE statement (the hottest write of the product):
 * the insert, then, only if it happened, the company's daily rollup and the
 * XP. The unique (user_id, day) index makes a double submit a no-op, never a
 * second award. Used by the route and by the benchmark, so both measure the same.
 */
import { sql } from "drizzle-orm";
import type { IsoDay } from "#core/dates.ts";
import { CHECK_IN_XP } from "#core/exercises.ts";
import { pointsForXp } from "#core/points.ts";
import { type Db, rowsOf } from "#server/db/client.ts";

export type NewCheckIn = {
  userId: string;
  companyId: string | null;
  mood: number;
  notes: string | null;
  at: Date;
  day: IsoDay;
};

export type InsertedCheckIn = {
  id: string;
  day: IsoDay;
  mood: number;
  notes: string | null;
  completedAt: Date;
  xpEarned: number;
  /** The profile after the award (null if the person has no profile). */
  xp: number | null;
  engagementPoints: number | null;
};

/** Null when the person already checked in that day. */
export async function insertCheckInOnce(db: Db, input: NewCheckIn): Promise<InsertedCheckIn | null> {
  const result = await db.execute(sql`
    WITH inserted AS (
      INSERT INTO user_progress (user_id, company_id, mood, notes, completed_at, day, xp_earned)
      VALUES (${input.userId}, ${input.companyId}, ${input.mood}, ${input.notes}, ${input.at.toISOString()}, ${input.day}, ${CHECK_IN_XP})
      ON CONFLICT (user_id, day) WHERE exercise_id IS NULL DO NOTHING
      RETURNING id, day, mood, notes, completed_at, xp_earned
    ), rolled_up AS (
      INSERT INTO company_daily_stats (company_id, day, check_ins)
      SELECT ${input.companyId}::uuid, day, 1 FROM inserted WHERE ${input.companyId}::uuid IS NOT NULL
      ON CONFLICT (company_id, day) DO UPDATE SET check_ins = company_daily_stats.check_ins + 1
    ), awarded AS (
      UPDATE profiles SET xp = xp + ${CHECK_IN_XP}, engagement_points = engagement_points + ${pointsForXp(CHECK_IN_XP)},
        last_check_in_day = greatest(last_check_in_day, ${input.day}::date), updated_at = now()
      WHERE user_id = ${input.userId} AND EXISTS (SELECT 1 FROM inserted)
      RETURNING xp, engagement_points
    )
    SELECT inserted.*, awarded.xp, awarded.engagement_points FROM inserted LEFT JOIN awarded ON true`);
  const row = rowsOf<{
    id: string;
    day: string;
    mood: number;
    notes: string | null;
    completed_at: string | Date;
    xp_earned: number;
    xp: number | null;
    engagement_points: number | null;
  }>(result)[0];
  if (!row) return null;
  return {
    id: row.id,
    day: String(row.day).slice(0, 10),
    mood: row.mood,
    notes: row.notes,
    completedAt: new Date(row.completed_at),
    xpEarned: row.xp_earned,
    xp: row.xp,
    engagementPoints: row.engagement_points,
  };
}
