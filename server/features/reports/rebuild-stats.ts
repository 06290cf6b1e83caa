import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";

/** Recomputes a company's daily rollup and its members' latest check-in day from the raw rows (after a bulk import; normal writes keep both current). */
export async function rebuildCompanyStats(db: Db, companyId: string): Promise<void> {
  await db.execute(sql`DELETE FROM company_daily_stats WHERE company_id = ${companyId}`);
  await db.execute(sql`
    INSERT INTO company_daily_stats (company_id, day, shard, check_ins, exercises)
    SELECT company_id, day, 0,
           count(*) FILTER (WHERE exercise_id IS NULL),
           count(*) FILTER (WHERE exercise_id IS NOT NULL)
    FROM user_progress WHERE company_id = ${companyId}
    GROUP BY company_id, day`);
  await db.execute(sql`
    UPDATE profiles SET last_check_in_day = latest.day
    FROM (SELECT user_id, max(day) AS day FROM user_progress WHERE exercise_id IS NULL GROUP BY user_id) latest
    WHERE profiles.user_id = latest.user_id AND profiles.company_id = ${companyId}`);
}
