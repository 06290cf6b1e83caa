/**
 * A reminder card's answer (docs/decisions/095): the one-time token of the card is claimed for the person
 * the Teams user is bound to, their check-in of that day is recorded by the check-ins feature (one a day,
 * the XP, the company's rollup), and the card is replaced by a neutral one. The mood goes to the check-in
 * only; it is not kept here, not logged and never written back into the chat.
 */
import { createHash } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { hasCurrentConsent } from "#core/consent.ts";
import { localDay } from "#core/dates.ts";
import type { MsteamsCardData } from "#core/msteams.ts";
import type { Db } from "#server/db/client.ts";
import { msteamsCards, profiles } from "#server/db/schema/index.ts";
import { insertCheckInOnce } from "#server/features/check-ins/index.ts";

export const tokenHashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** What the replacing card says: recorded now, already recorded before, or this card no longer counts. */
export type SubmissionOutcome = {
  kind: "recorded" | "already" | "expired";
  card: typeof msteamsCards.$inferSelect;
};

/**
 * Records the answer of `userId` to the card whose token is `data.token`; null when the card is not theirs
 * or not in this chat (then nothing changes and nothing is replaced).
 */
export async function recordSubmission(
  db: Db,
  now: Date,
  who: { userId: string; companyId: string; conversationId: string },
  data: MsteamsCardData,
): Promise<SubmissionOutcome | null> {
  const tokenHash = tokenHashOf(data.token);
  const mine = and(
    eq(msteamsCards.tokenHash, tokenHash),
    eq(msteamsCards.userId, who.userId),
    eq(msteamsCards.conversationId, who.conversationId),
  );
  const [claimed] = await db
    .update(msteamsCards)
    .set({ usedAt: sql`${now.toISOString()}::timestamptz` })
    .where(and(mine, isNull(msteamsCards.usedAt)))
    .returning();
  if (!claimed) {
    // A second tap on a card already answered: the same neutral card again, nothing recorded.
    const [used] = await db.select().from(msteamsCards).where(mine);
    return used ? { kind: "already", card: used } : null;
  }
  const [person] = await db
    .select({
      role: profiles.role,
      companyId: profiles.companyId,
      timezone: profiles.timezone,
      consentVersion: profiles.wellbeingConsentVersion,
      consentAt: profiles.wellbeingConsentAt,
    })
    .from(profiles)
    .where(eq(profiles.userId, who.userId));
  const consent =
    person?.consentVersion && person.consentAt
      ? { version: person.consentVersion, at: person.consentAt.toISOString() }
      : null;
  // Only a member of this company who consented checks in, and only on the card's own day.
  if (
    !person ||
    person.companyId !== who.companyId ||
    !["user", "manager"].includes(person.role) ||
    !hasCurrentConsent(consent) ||
    localDay(now, person.timezone) !== claimed.day
  ) {
    return { kind: "expired", card: claimed };
  }
  try {
    const created = await insertCheckInOnce(db, {
      userId: who.userId,
      companyId: who.companyId,
      mood: data.mood,
      notes: null,
      at: now,
      day: claimed.day,
    });
    return { kind: created ? "recorded" : "already", card: claimed };
  } catch (error) {
    // Nothing half-saved: the card may be answered again.
    await db.update(msteamsCards).set({ usedAt: null }).where(eq(msteamsCards.tokenHash, tokenHash));
    throw error;
  }
}
