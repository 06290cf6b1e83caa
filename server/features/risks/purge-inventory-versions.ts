/**
 * The daily job that deletes published NR-1 inventory versions once their
 * 20-year retention (NR-1 1.5.7.3.3.1) has passed (docs/decisions/026).
 * `retain_until` is the last day a version must be kept: it goes the day
 * after, by the job's clock (in the product's time zone) and never before the
 * database's own date, because the append-only trigger refuses any earlier
 * DELETE and one refused row would stop the whole run.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { rowsOf } from "#server/db/client.ts";

export async function purgeExpiredInventoryVersions(
  db: Db,
  options: { now: Date; timeZone: string },
): Promise<{ deleted: number }> {
  const rows = await db.execute(sql`
    delete from risk_inventory_versions
    where retain_until < (${options.now.toISOString()}::timestamptz at time zone ${options.timeZone})::date
      and retain_until < current_date
    returning id`);
  return { deleted: rowsOf(rows).length };
}
