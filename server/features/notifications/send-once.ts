/**
 * At most once for a job that sends an e-mail (docs/decisions/019): the job
 * row is marked before the mail leaves. If the process dies after marking,
 * the retry finds the mark and does not send again (a lost reminder is
 * better than two); if the mail server refuses, the mark is removed and the
 * runner's backoff retries.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { JobRow } from "#server/jobs/runner.ts";

export async function sendOnce(db: Db, job: JobRow, send: () => Promise<void>): Promise<{ sent: boolean }> {
  if (job.payload?.sendingAt) return { sent: false };
  await db.execute(sql`
    UPDATE jobs SET payload = coalesce(payload, '{}'::jsonb) || jsonb_build_object('sendingAt', now()::text)
    WHERE id = ${job.id}`);
  try {
    await send();
  } catch (error) {
    await db.execute(sql`UPDATE jobs SET payload = payload - 'sendingAt' WHERE id = ${job.id}`);
    throw error;
  }
  return { sent: true };
}
