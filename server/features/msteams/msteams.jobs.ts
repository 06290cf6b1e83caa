/**
 * The Teams channel's jobs (docs/decisions/095): one member's reminder card of one day, and the replacing of
 * an answered card when the connector was out at the answer. A connector outage throws and the runner
 * retries with back-off (shown on the jobs' health in Administração), then the reminder goes by app
 * notification or e-mail (`sendChatReminder`); each try reads the account again, so an opt-out stops it.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { doneCard, reminderCard } from "#core/msteams.ts";
import { msteamsAccounts, msteamsCards } from "#server/db/schema/index.ts";
import type { Env } from "#server/env.ts";
import { isReminderStillDue, sendChatReminder } from "#server/features/notifications/index.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import { tokenHashOf } from "./card-submission.ts";
import { botOf, type ConnectorConfig, replaceCard, sendCard } from "./connector.ts";

export function msteamsJobs({
  env,
  ssoKey,
}: {
  env: Pick<Env, "MSTEAMS_LOGIN_URL" | "MSTEAMS_SERVICE_URL">;
  ssoKey: Buffer;
}): JobDefinition[] {
  const config: ConnectorConfig = env;
  return [
    {
      // Enqueued by the `reminder` job for a member who chose Teams, keyed `user|day` like it.
      name: "msteams-reminder",
      label: "Lembrete de check-in pelo Teams de uma pessoa",
      followsPeople: true,
      run: async (context) => {
        const { db, now, job } = context;
        const { userId, day } = job.payload as { userId: string; day: string };
        const [account] = await db.select().from(msteamsAccounts).where(eq(msteamsAccounts.userId, userId));
        // Opted out, or past the hour, the quiet hours or the day since it was queued: nothing goes.
        if (!account?.optedIn || !(await isReminderStillDue(db, userId, day, now))) return { sent: false };
        const bot = await botOf(db, ssoKey, account.companyId);
        if (!bot) return { sent: false };
        return sendChatReminder(context, async () => {
          const token = randomBytes(24).toString("base64url");
          const tokenHash = tokenHashOf(token);
          await db
            .insert(msteamsCards)
            .values({ tokenHash, userId, day, conversationId: account.conversationId, createdAt: now });
          try {
            const activityId = await sendCard(config, bot, account, reminderCard(token));
            await db.update(msteamsCards).set({ activityId }).where(eq(msteamsCards.tokenHash, tokenHash));
          } catch (error) {
            await db.delete(msteamsCards).where(eq(msteamsCards.tokenHash, tokenHash));
            throw error;
          }
        });
      },
    },
    {
      // Enqueued by the bot's endpoint when the connector failed at the answer, keyed by the card.
      name: "msteams-card-replace",
      label: "Troca de um cartão de check-in respondido no Teams",
      followsPeople: true,
      run: async ({ db, job }) => {
        const { companyId, serviceUrl, conversationId, activityId, kind } = job.payload as {
          companyId: string;
          serviceUrl: string;
          conversationId: string;
          activityId: string;
          kind: "recorded" | "already" | "expired";
        };
        const bot = await botOf(db, ssoKey, companyId);
        if (!bot) return { sent: false };
        await replaceCard(config, bot, { serviceUrl, conversationId, activityId }, doneCard(kind));
        return { sent: true };
      },
    },
  ];
}
