/**
 * The `invite-mail` job (docs/decisions/009): it makes the invite's token when
 * it sends, storing only its hash on the invite, so no raw token is ever at
 * rest (job rows are kept 7 days). A failed send is retried by the runner
 * with a fresh token: the mail that failed carries nothing that still works.
 * An invite cancelled, replaced, accepted or expired before the job runs gets
 * no mail.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { companies, invites } from "#server/db/schema/index.ts";
import type { JobContext } from "#server/jobs/runner.ts";
import { inviteMail } from "#server/mail/account-mails.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { hashToken, inviteLink } from "./invites.ts";

export async function sendInviteMail(
  { db, job }: JobContext,
  deps: { mailer: Mailer; appUrl: string },
): Promise<{ sent: boolean }> {
  const { inviteId } = job.payload as { inviteId: string };
  const token = randomBytes(32).toString("base64url");
  const [invite] = await db
    .update(invites)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(invites.id, inviteId), isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`)))
    .returning();
  if (!invite) return { sent: false };
  const [company] = invite.companyId
    ? await db.select({ name: companies.name }).from(companies).where(eq(companies.id, invite.companyId))
    : [];
  await deps.mailer.send(
    inviteMail({
      to: invite.email,
      inviterName: invite.inviterName,
      companyName: company?.name ?? "Sereno",
      role: invite.role,
      url: inviteLink(deps.appUrl, invite.kind, token),
    }),
  );
  return { sent: true };
}
