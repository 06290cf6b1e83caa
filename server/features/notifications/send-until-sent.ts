/**
 * At least once, and then the same message, for a mail that must arrive (an invitation: docs/decisions/099).
 * Three marks on the job row, each committed on its own: `sendingAt` before the mail leaves, `sentAt` once the
 * SMTP server accepted it, then the runner's `finished_at`. A retry that finds `sentAt` sends nothing (the
 * process died, or its lease ran out, after the server accepted the mail). A retry that finds `sendingAt` alone
 * sends again, with the Message-ID of the job, so the copy is the same message (a mailbox shows it once): the
 * only window for two deliveries is between the server's acceptance and the `sentAt` update, one statement.
 * A refused mail clears `sendingAt`, and the runner's backoff retries.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { JobRow } from "#server/jobs/runner.ts";

/** The job's Message-ID: the same for every attempt of one job, so a resent copy is the same message. */
export function jobMessageId(job: Pick<JobRow, "id">, appUrl: string): string {
  return `<job-${job.id}@${new URL(appUrl).hostname}>`;
}

export async function sendUntilSent(
  db: Db,
  job: JobRow,
  send: () => Promise<void>,
): Promise<{ sent: boolean; again: boolean }> {
  if (job.payload?.sentAt) return { sent: false, again: false };
  const again = Boolean(job.payload?.sendingAt);
  await db.execute(sql`
    UPDATE jobs SET payload = coalesce(payload, '{}'::jsonb) || jsonb_build_object('sendingAt', now()::text)
    WHERE id = ${job.id}`);
  try {
    await send();
  } catch (error) {
    await db.execute(sql`UPDATE jobs SET payload = payload - 'sendingAt' WHERE id = ${job.id}`);
    throw error;
  }
  await db.execute(sql`
    UPDATE jobs SET payload = payload || jsonb_build_object('sentAt', now()::text) WHERE id = ${job.id}`);
  return { sent: true, again };
}
