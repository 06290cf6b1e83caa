/**
 * Closed cases past their company's retention (default 5 years after
 * closing, docs/decisions/049) are deleted with their thread, exclusions,
 * identity and attachments (the foreign keys cascade); the attachments'
 * files are removed from storage after the rows (052): a file whose removal
 * fails is unreachable, never a row pointing at nothing. Kept through the
 * last day, deleted the day after, in the product's time zone.
 */
import { sql } from "drizzle-orm";
import { localDay } from "#core/dates.ts";
import { DEFAULT_RETENTION_YEARS } from "#core/listening.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import type { Storage } from "#server/storage/storage.ts";

export async function purgeClosedCases(db: Db, options: { now: Date; timeZone: string; storage: Storage }) {
  const today = localDay(options.now, options.timeZone);
  const { cases, keys } = await db.transaction(async (tx) => {
    const expired = sql`
      SELECT c.id FROM listening_cases c
      WHERE c.closed_on IS NOT NULL
        AND c.closed_on + make_interval(years => coalesce(
          (SELECT s.retention_years FROM listening_settings s WHERE s.company_id = c.company_id),
          ${DEFAULT_RETENTION_YEARS})) < ${today}::date`;
    const files = rowsOf<{ storage_key: string }>(
      await tx.execute(sql`DELETE FROM listening_attachments WHERE case_id IN (${expired}) RETURNING storage_key`),
    );
    const deleted = rowsOf(await tx.execute(sql`DELETE FROM listening_cases WHERE id IN (${expired}) RETURNING id`));
    return { cases: deleted.length, keys: files.map((file) => file.storage_key) };
  });
  let failed = 0;
  for (const key of keys) await options.storage.remove(key).catch(() => failed++);
  return { deleted: cases, files: keys.length - failed, filesNotRemoved: failed };
}
