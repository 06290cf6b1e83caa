/**
 * Credits granted ahead of time (docs/decisions/025, 'Grants at cycle
 * start'): a daily job writes the current cycle's grant for every member and
 * manager of every company, and expires what earlier cycles left. The unique
 * partial indexes on the ledger (one grant, one expire per member, company
 * and cycle) make it idempotent and safe next to the lazy grant of
 * ensureGrant (credits.ts), which stays as the fallback for someone who joins
 * between two runs.
 */
import { sql } from "drizzle-orm";
import { cycleStart } from "#core/care.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";
import { careRuleOf } from "./credits.ts";

export async function grantCycleCredits(
  db: Db,
  now: Date,
): Promise<{ companies: number; granted: number; expired: number }> {
  const list = await db.select({ id: companies.id }).from(companies);
  let granted = 0;
  let expired = 0;
  for (const company of list) {
    const rule = await careRuleOf(db, company.id, now);
    const start = cycleStart(now, rule.cycle);
    const grants = await db.execute(sql`
      INSERT INTO credit_ledger (member_id, company_id, cycle_start, kind, amount, created_at)
      SELECT user_id, company_id, ${start}::date, 'grant', ${rule.sessionsPerCycle}::int, ${now.toISOString()}::timestamptz
      FROM profiles
      WHERE company_id = ${company.id} AND role IN ('user', 'manager')
      ON CONFLICT DO NOTHING
      RETURNING id`);
    granted += rowsOf(grants).length;
    // Credits never roll over: what an earlier cycle left is written off once.
    const expires = await db.execute(sql`
      INSERT INTO credit_ledger (member_id, company_id, cycle_start, kind, amount, created_at)
      SELECT member_id, company_id, cycle_start, 'expire', -sum(amount)::int, ${now.toISOString()}::timestamptz
      FROM credit_ledger
      WHERE company_id = ${company.id} AND cycle_start < ${start}::date
      GROUP BY member_id, company_id, cycle_start
      HAVING sum(amount) > 0
      ON CONFLICT DO NOTHING
      RETURNING id`);
    expired += rowsOf(expires).length;
  }
  return { companies: list.length, granted, expired };
}
