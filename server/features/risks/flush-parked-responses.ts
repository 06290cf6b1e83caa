/**
 * Moving parked survey answers into risk_responses (docs/decisions/026,
 * section 13): per campaign, once at least k are waiting (k =
 * PRIVACY_MIN_GROUP), or all of them once the campaign is no longer open.
 * One statement deletes the parked rows and inserts them in random order, so
 * every answer of a batch shares one transaction id with at least k-1 others
 * and none with the invitation it came from. Running it twice moves nothing twice.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/client.ts";

export async function flushParkedResponses(
  db: Db,
  options: { minGroup: number; campaignId?: string },
): Promise<{ moved: number }> {
  const due = rowsOf<{ campaign_id: string }>(
    await db.execute(sql`
      select p.campaign_id from risk_parked_responses p
      join risk_campaigns c on c.id = p.campaign_id
      where ${options.campaignId ? sql`p.campaign_id = ${options.campaignId}` : sql`true`}
      group by p.campaign_id, c.status
      having c.status <> 'open' or count(*) >= ${options.minGroup}`),
  );
  let moved = 0;
  for (const { campaign_id: campaignId } of due) {
    const rows = await db.execute(sql`
      with parked as (
        delete from risk_parked_responses where campaign_id = ${campaignId}
        returning campaign_id, sector_id, iso_week, answers, scores
      )
      insert into risk_responses (campaign_id, sector_id, iso_week, answers, scores)
      select campaign_id, sector_id, iso_week, answers, scores from parked order by random()
      returning id`);
    moved += rowsOf(rows).length;
  }
  return { moved };
}
