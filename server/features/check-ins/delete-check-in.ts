/**
 * Deleting one's own check-in in ONE statement (docs/decisions/015): the row
 * goes, its XP and points are taken back (floored at 0, so deleting and
 * checking in again the same day cannot farm XP), the live count of the day
 * drops and last_check_in_day moves back to the latest check-in left.
 * Published aggregates (published_daily_buckets) are never recomputed.
 * Points are one per XP (core/points.ts, docs/decisions/006), so the same amount is taken back,
 * but never below what was already spent on rewards (docs/decisions/028).
 */
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "#server/db/client.ts";

/** Null when the person has no check-in with that id (someone else's included). */
export async function deleteOwnCheckIn(
  db: Db,
  userId: string,
  id: string,
): Promise<{ xp: number; engagementPoints: number } | null> {
  const result = await db.execute(sql`
    WITH deleted AS (
      DELETE FROM user_progress WHERE id = ${id} AND user_id = ${userId} AND exercise_id IS NULL
      RETURNING id, company_id, day, xp_earned
    ), unrolled AS (
      -- Any row of the day that counts someone: a day's rows are per writing connection, not per person.
      UPDATE company_daily_stats SET check_ins = company_daily_stats.check_ins - 1
      FROM (
        SELECT stats.company_id, stats.day, stats.shard FROM company_daily_stats stats, deleted
        WHERE stats.company_id = deleted.company_id AND stats.day = deleted.day AND stats.check_ins > 0
        ORDER BY stats.check_ins DESC LIMIT 1
      ) target
      WHERE company_daily_stats.company_id = target.company_id AND company_daily_stats.day = target.day
        AND company_daily_stats.shard = target.shard
    ), taken_back AS (
      UPDATE profiles SET
        xp = greatest(xp - deleted.xp_earned, 0),
        engagement_points = greatest(engagement_points - deleted.xp_earned, points_spent),
        last_check_in_day = (
          SELECT max(day) FROM user_progress
          WHERE user_id = ${userId} AND exercise_id IS NULL AND id <> deleted.id
        ),
        updated_at = now()
      FROM deleted WHERE profiles.user_id = ${userId}
      RETURNING xp, engagement_points
    )
    SELECT deleted.id, taken_back.xp, taken_back.engagement_points FROM deleted LEFT JOIN taken_back ON true`);
  const row = rowsOf<{ id: string; xp: number | null; engagement_points: number | null }>(result)[0];
  if (!row) return null;
  return { xp: row.xp ?? 0, engagementPoints: row.engagement_points ?? 0 };
}
