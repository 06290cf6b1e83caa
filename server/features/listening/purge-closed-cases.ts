/**
 * Closed cases past their company's retention (default 5 years after
 * closing, docs/decisions/049) are deleted with their thread, exclusions and
 * identity (the foreign keys cascade). Kept through the last day, deleted
 * the day after, in the product's time zone.
 */
import { sql } from "drizzle-orm";
import { localDay } from "#core/dates.ts";
import { DEFAULT_RETENTION_YEARS } from "#core/listening.ts";
import { type Db, rowsOf } from "#server/db/client.ts";

export async function purgeClosedCases(db: Db, options: { now: Date; timeZone: string }) {
  const today = localDay(options.now, options.timeZone);
  const rows = await db.execute(sql`
    DELETE FROM listening_cases c
    WHERE c.closed_on IS NOT NULL
      AND c.closed_on + make_interval(years => coalesce(
        (SELECT s.retention_years FROM listening_settings s WHERE s.company_id = c.company_id),
        ${DEFAULT_RETENTION_YEARS})) < ${today}::date
    RETURNING c.id`);
  return { deleted: rowsOf(rows).length };
}
