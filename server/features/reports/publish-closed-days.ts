/**
 * The daily job that publishes every company's last closed days
 * (docs/decisions/014), so publication does not wait for someone to look and
 * no manager's first read of the morning pays for it. Reads publish whatever
 * is still missing, so a missed run loses nothing.
 */
import { addDays, laterDay } from "#core/dates.ts";
import type { Db } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";
import { companyFirstDay, companyToday } from "./company-stats.ts";
import { publishedDays } from "./published-buckets.ts";

/** Days looked back at each run: a week of missed runs is caught up. */
const CATCH_UP_DAYS = 7;

export async function publishClosedDays(
  db: Db,
  privacyKey: Buffer,
  now: Date,
  minGroup: number,
): Promise<{ companies: number }> {
  const all = await db.select().from(companies);
  for (const company of all) {
    const today = companyToday(company, now);
    const from = laterDay(addDays(today, -CATCH_UP_DAYS), companyFirstDay(company));
    const to = addDays(today, -1);
    if (from <= to) await publishedDays(db, privacyKey, company, from, to, minGroup);
  }
  return { companies: all.length };
}
