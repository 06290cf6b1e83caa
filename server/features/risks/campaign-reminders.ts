/**
 * 'Lembrar quem não respondeu' off the request path (docs/decisions/059): the
 * route enqueues one job and answers at once, so its time says nothing about
 * how many have not answered (issue 51: ≈ 5 ms per mail sent inside the
 * request resolved one person by timing). The job claims each pending
 * invitation with a conditional update before mailing it, so a run repeated
 * (a retry, a lease that ran out) never mails a person twice for one request.
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { formatIsoDay } from "#core/risks.ts";
import type { Db } from "#server/db/client.ts";
import { companies, riskCampaigns, riskInvitations, user } from "#server/db/schema/index.ts";
import { enqueueJob, type JobContext } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { riskSurveyMail } from "#server/mail/templates.ts";

export const RISK_REMINDER_JOB = "risk-campaign-reminders";

/** One job per campaign and company day: a second click that day enqueues nothing. True when it was new. */
export function enqueueCampaignReminder(db: Db, campaignId: string, companyDay: string, at: Date): Promise<boolean> {
  return enqueueJob(db, {
    name: RISK_REMINDER_JOB,
    key: `${campaignId}|${companyDay}`,
    runAt: at,
    payload: { campaignId, requestedAt: at.toISOString() },
  });
}

/** Takes one invitation still unanswered and not yet reminded for this request, marking it reminded. */
async function claimPending(db: Db, campaignId: string, requestedAt: Date) {
  const [claimed] = await db
    .update(riskInvitations)
    .set({ remindedAt: sql`now()` })
    .where(
      eq(
        riskInvitations.id,
        sql`(select id from risk_invitations where ${and(
          eq(riskInvitations.campaignId, campaignId),
          eq(riskInvitations.hasAnswered, false),
          or(isNull(riskInvitations.remindedAt), lt(riskInvitations.remindedAt, requestedAt)),
        )} limit 1 for update skip locked)`,
      ),
    )
    .returning({ id: riskInvitations.id, userId: riskInvitations.userId });
  return claimed ?? null;
}

export async function sendCampaignReminders(
  { db, job }: JobContext,
  deps: { mailer: Mailer; appUrl: string },
): Promise<Record<string, never>> {
  const { campaignId, requestedAt } = job.payload as { campaignId: string; requestedAt: string };
  const [campaign] = await db
    .select({ status: riskCampaigns.status, closesOn: riskCampaigns.closesOn, companyName: companies.name })
    .from(riskCampaigns)
    .innerJoin(companies, eq(companies.id, riskCampaigns.companyId))
    .where(eq(riskCampaigns.id, campaignId));
  // Closed (or its company deleted) since the click: nobody is asked to answer a survey that takes no answers.
  if (campaign?.status !== "open") return {};
  const closesOn = formatIsoDay(campaign.closesOn);
  for (;;) {
    const invitation = await claimPending(db, campaignId, new Date(requestedAt));
    if (!invitation) break;
    // An invitation whose account was deleted keeps no user: there is nobody to remind.
    const [person] = invitation.userId
      ? await db.select({ email: user.email }).from(user).where(eq(user.id, invitation.userId))
      : [];
    if (!person) continue;
    try {
      await deps.mailer.send(
        riskSurveyMail({
          to: person.email,
          companyName: campaign.companyName,
          closesOn,
          url: `${deps.appUrl}/pesquisa-psicossocial`,
          isReminder: true,
        }),
      );
    } catch (error) {
      // Unmarked again, so the runner's retry mails this person; those already mailed stay marked.
      await db.update(riskInvitations).set({ remindedAt: null }).where(eq(riskInvitations.id, invitation.id));
      throw error;
    }
  }
  // No count in the result: the runner logs it, and how many were reminded is how many have not answered (040).
  return {};
}
