/**
 * The Teams bot's messaging endpoint (docs/decisions/095), `POST /api/msteams/messages/{companyId}`, the
 * address set on the company's Azure Bot. An activity is read only with a valid Bot Framework token for the
 * company's App ID (bot-auth.ts), else 401 and nothing changes. Only personal chats are answered: an unbound
 * one gets the link card; a reminder card's answer records the check-in and replaces the card. No text a
 * person writes is stored, logged or echoed.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { cardDataOf, doneCard, msteamsTexts, noteCard } from "#core/msteams.ts";
import { msteamsMessages } from "#core/msteams-messages.ts";
import { msteamsAccounts } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { publicAccess } from "#server/features/auth/index.ts";
import { enqueueJob } from "#server/jobs/runner.ts";
import { isBotFrameworkToken } from "./bot-auth.ts";
import { recordSubmission } from "./card-submission.ts";
import { botOf, isAllowedServiceUrl, replaceCard, sendCard } from "./connector.ts";
import { offerLink } from "./msteams-links.ts";

type Activity = {
  type?: string;
  name?: string;
  serviceUrl?: string;
  replyToId?: string;
  from?: { id?: string; aadObjectId?: string; name?: string };
  conversation?: { id?: string; conversationType?: string; tenantId?: string };
  channelData?: { tenant?: { id?: string } };
  value?: unknown;
  membersAdded?: Array<{ id?: string }>;
  recipient?: { id?: string };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The data of an Action.Submit (a message's value) or of an Action.Execute (an adaptiveCard/action invoke). */
function submittedData(activity: Activity) {
  if (activity.type === "message" && activity.value) return cardDataOf(activity.value);
  if (activity.type === "invoke" && activity.name === "adaptiveCard/action") {
    return cardDataOf((activity.value as { action?: { data?: unknown } } | undefined)?.action?.data);
  }
  return null;
}

export async function msteamsBotRoutes(fastify: FastifyInstance) {
  const { db, env, ssoKey, now } = fastify.deps;

  fastify.post(
    "/api/msteams/messages/:companyId",
    { config: { access: publicAccess }, schema: { hide: true } },
    async (request, reply) => {
      const { companyId } = request.params as { companyId: string };
      const activity = (request.body ?? {}) as Activity;
      const bot = UUID.test(companyId) ? await botOf(db, ssoKey, companyId) : null;
      const at = now();
      const header = request.headers.authorization;
      if (!bot || !(await isBotFrameworkToken(env.MSTEAMS_OPENID_URL, header, bot.appId, activity.serviceUrl, at))) {
        throw new AppError("UNAUTHENTICATED", msteamsMessages.tokenInvalid);
      }
      const serviceUrl = activity.serviceUrl as string;
      const tenantId = activity.channelData?.tenant?.id ?? activity.conversation?.tenantId;
      const teamsUserId = activity.from?.id;
      const conversationId = activity.conversation?.id;
      // Another tenant's chat, a channel or a group chat, or a connector we do not write to: nothing is done.
      if (
        (tenantId && tenantId.toLowerCase() !== bot.tenantId.toLowerCase()) ||
        activity.conversation?.conversationType !== "personal" ||
        !teamsUserId ||
        !conversationId ||
        !isAllowedServiceUrl(env, serviceUrl)
      ) {
        return reply.status(200).send({});
      }
      const [account] = await db
        .select()
        .from(msteamsAccounts)
        .where(and(eq(msteamsAccounts.companyId, companyId), eq(msteamsAccounts.teamsUserId, teamsUserId)));
      const chat = {
        teamsUserId,
        aadObjectId: activity.from?.aadObjectId ?? null,
        teamsName: activity.from?.name?.slice(0, 120) ?? null,
        conversationId,
        serviceUrl,
      };

      const data = submittedData(activity);
      if (data || activity.type === "invoke") {
        const outcome =
          data && account
            ? await recordSubmission(db, at, { userId: account.userId, companyId, conversationId }, data)
            : null;
        if (outcome) {
          const activityId = outcome.card.activityId ?? activity.replyToId;
          if (activityId) {
            const target = { serviceUrl, conversationId, activityId };
            await replaceCard(env, bot, target, doneCard(outcome.kind)).catch(() =>
              // The connector is out: the runner replaces the card later, with back-off.
              enqueueJob(db, {
                name: "msteams-card-replace",
                key: outcome.card.tokenHash,
                runAt: at,
                payload: { companyId, ...target, kind: outcome.kind },
              }),
            );
          }
        }
        if (activity.type === "invoke") {
          const value = doneCard(outcome?.kind ?? "expired");
          return reply.status(200).send({ statusCode: 200, type: "application/vnd.microsoft.card.adaptive", value });
        }
        return reply.status(200).send({});
      }

      const installed =
        activity.type === "installationUpdate" ||
        (activity.type === "conversationUpdate" &&
          (activity.membersAdded ?? []).some((member) => member.id && member.id !== activity.recipient?.id));
      if (activity.type !== "message" && !installed) return reply.status(200).send({});
      if (account) {
        // The chat the bot writes to stays the one Teams last used.
        await db
          .update(msteamsAccounts)
          .set({ conversationId, serviceUrl, updatedAt: at })
          .where(eq(msteamsAccounts.userId, account.userId));
        if (activity.type === "message") await sendCard(env, bot, chat, noteCard(msteamsTexts.linkedHint));
      } else {
        await offerLink(db, env, bot, chat, at);
      }
      return reply.status(200).send({});
    },
  );
}
