/**
 * The `invite-mail` job (docs/decisions/009): it makes the invite's token when
 * it sends, storing only its hash on the invite, so no raw token is ever at
 * rest (job rows are kept 7 days). The token is keyed from the job (an HMAC
 * of its id under a key derived from AUTH_SECRET), so a retry sends the same
 * message, with the same link and the job's Message-ID, and never a second
 * one once the SMTP server accepted it (sendUntilSent, docs/decisions/099).
 * An invite cancelled, replaced, accepted or expired before the job runs gets
 * no mail.
 */
import { createHmac } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { companies, invites } from "#server/db/schema/index.ts";
import { jobMessageId, sendUntilSent } from "#server/features/notifications/index.ts";
import type { JobContext } from "#server/jobs/runner.ts";
import { inviteMail } from "#server/mail/account-mails.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { hashToken, inviteLink } from "./invites.ts";

/** The key of invitation tokens, from the app's secret (app.ts). */
export function inviteTokenKeyFrom(secret: string): Buffer {
  return createHmac("sha256", secret).update("sereno:invite-token:v1").digest();
}

export async function sendInviteMail(
  { db, job }: JobContext,
  deps: { mailer: Mailer; appUrl: string; tokenKey: Buffer },
): Promise<{ sent: boolean }> {
  const { inviteId } = job.payload as { inviteId: string };
  // Sent already by an attempt that died before the job was marked finished: nothing to do, not even a new hash.
  if (job.payload?.sentAt) return { sent: false };
  const token = createHmac("sha256", deps.tokenKey).update(`invite|${job.id}`).digest("base64url");
  const [invite] = await db
    .update(invites)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(invites.id, inviteId), isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`)))
    .returning();
  if (!invite) return { sent: false };
  const [company] = invite.companyId
    ? await db.select({ name: companies.name }).from(companies).where(eq(companies.id, invite.companyId))
    : [];
  const mail = inviteMail({
    to: invite.email,
    inviterName: invite.inviterName,
    companyName: company?.name ?? "Sereno",
    role: invite.role,
    url: inviteLink(deps.appUrl, invite.kind, token),
  });
  const { sent } = await sendUntilSent(db, job, () =>
    deps.mailer.send({ ...mail, messageId: jobMessageId(job, deps.appUrl) }),
  );
  return { sent };
}
