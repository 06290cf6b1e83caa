/**
 * Binding a Teams user to a Sereno account (docs/decisions/095). A personal chat not yet bound gets a link
 * card whose button opens Sereno's `/settings/teams?codigo=…`; the person signs in there as always (the
 * company SSO when it has one) and the page binds the chat to whoever signed in. The code is one-time,
 * 30 minutes, kept only as its hash, and signs nobody in. A forwarded link is refused when Entra says the chat
 * is someone else's (docs/decisions/109).
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { linkCard, msteamsLinkPath } from "#core/msteams.ts";
import { msteamsMessages } from "#core/msteams-messages.ts";
import type { Db } from "#server/db/client.ts";
import { msteamsAccounts, msteamsLinkCodes, profiles } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { tokenHashOf } from "./card-submission.ts";
import { type ConnectorConfig, type MsteamsBot, sendCard } from "./connector.ts";

const LINK_MINUTES = 30;

export type PersonalChat = {
  teamsUserId: string;
  aadObjectId: string | null;
  teamsName: string | null;
  conversationId: string;
  serviceUrl: string;
};

/** A fresh link card for an unbound chat; the codes this Teams user had before stop counting. */
export async function offerLink(
  db: Db,
  config: ConnectorConfig & { APP_URL: string },
  bot: MsteamsBot,
  chat: PersonalChat,
  now: Date,
): Promise<void> {
  const code = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + LINK_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx.delete(msteamsLinkCodes).where(
      sql`(${msteamsLinkCodes.companyId} = ${bot.companyId} AND ${msteamsLinkCodes.teamsUserId} = ${chat.teamsUserId})
          OR ${lt(msteamsLinkCodes.expiresAt, now)}`,
    );
    await tx
      .insert(msteamsLinkCodes)
      .values({ codeHash: tokenHashOf(code), companyId: bot.companyId, ...chat, expiresAt });
  });
  await sendCard(config, bot, chat, linkCard(`${config.APP_URL}${msteamsLinkPath}?codigo=${encodeURIComponent(code)}`));
}

type Member = { userId: string; companyId: string };

/**
 * Refuses a link the signed-in member may not take: a chat of another company, or of another Entra person than
 * the one the company's Entra SSO last signed in as this member, which is how a forwarded link shows
 * (docs/decisions/109). Without an object id on either side, the confirmation page's Teams name is the check.
 */
async function refuseOthersChat(db: Db, member: Member, link: { companyId: string; aadObjectId: string | null }) {
  if (link.companyId !== member.companyId) throw new AppError("FORBIDDEN", msteamsMessages.linkOtherCompany);
  if (!link.aadObjectId) return;
  const [profile] = await db
    .select({ entraObjectId: profiles.entraObjectId })
    .from(profiles)
    .where(eq(profiles.userId, member.userId));
  const own = profile?.entraObjectId;
  if (own && own !== link.aadObjectId.toLowerCase()) {
    throw new AppError("FORBIDDEN", msteamsMessages.linkOtherPerson);
  }
}

/** The pending link of `code`, for the page that asks the signed-in member to confirm it. */
export async function pendingLink(db: Db, now: Date, member: Member, code: string) {
  const [link] = await db
    .select({
      companyId: msteamsLinkCodes.companyId,
      aadObjectId: msteamsLinkCodes.aadObjectId,
      teamsName: msteamsLinkCodes.teamsName,
    })
    .from(msteamsLinkCodes)
    .where(and(eq(msteamsLinkCodes.codeHash, tokenHashOf(code)), gt(msteamsLinkCodes.expiresAt, now)));
  if (!link) throw new AppError("VALIDATION", msteamsMessages.linkInvalid, { field: "code" });
  await refuseOthersChat(db, member, link);
  return { teamsName: link.teamsName };
}

/** Binds the chat of `code` to the signed-in member; the code is spent in the same transaction. */
export async function bindLink(db: Db, now: Date, member: Member, code: string) {
  await db.transaction(async (tx) => {
    const [link] = await tx
      .delete(msteamsLinkCodes)
      .where(and(eq(msteamsLinkCodes.codeHash, tokenHashOf(code)), gt(msteamsLinkCodes.expiresAt, now)))
      .returning();
    if (!link) throw new AppError("VALIDATION", msteamsMessages.linkInvalid, { field: "code" });
    // A refusal rolls the deletion back: the code stays for the chat's own person.
    await refuseOthersChat(tx, member, link);
    const [other] = await tx
      .select({ userId: msteamsAccounts.userId })
      .from(msteamsAccounts)
      .where(and(eq(msteamsAccounts.companyId, link.companyId), eq(msteamsAccounts.teamsUserId, link.teamsUserId)));
    if (other && other.userId !== member.userId) throw new AppError("CONFLICT", msteamsMessages.linkTaken);
    const chat = {
      companyId: link.companyId,
      teamsUserId: link.teamsUserId,
      aadObjectId: link.aadObjectId,
      conversationId: link.conversationId,
      serviceUrl: link.serviceUrl,
      linkedAt: now,
      updatedAt: now,
    };
    // A new binding starts with the reminders off: the person turns them on in Configurações.
    await tx
      .insert(msteamsAccounts)
      .values({ userId: member.userId, optedIn: false, ...chat })
      .onConflictDoUpdate({ target: msteamsAccounts.userId, set: { ...chat, optedIn: false } });
  });
}
