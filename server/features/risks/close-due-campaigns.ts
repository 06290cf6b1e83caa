/** The job that ends NR-1 campaigns whose last day has passed (docs/decisions/026), in the company's time zone. */
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/client.ts";

export async function closeDueCampaigns(db: Db, now: Date): Promise<{ closed: number }> {
  const rows = await db.execute(sql`
    update risk_campaigns c set status = 'closed', closed_at = ${now.toISOString()}::timestamptz
    from companies co
    where co.id = c.company_id and c.status = 'open'
      and c.closes_on < (${now.toISOString()}::timestamptz at time zone co.timezone)::date
    returning c.id`);
  return { closed: rowsOf(rows).length };
}
