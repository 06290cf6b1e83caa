/**
 * The WebAuthn relying party (docs/decisions/045): its id is APP_URL's host
 * name and the only origin it accepts is APP_URL's, so a passkey made for
 * Sereno works nowhere else. Challenges live in PostgreSQL (every process
 * sees them), are answered once (deleted as they are read) and expire.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { passkeyMessages } from "#core/passkey-messages.ts";
import type { Db } from "#server/db/client.ts";
import { webauthnChallenges } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";

/**
 * A sign-in or a new passkey must be answered within 5 minutes; an activation (typing an e-mail and a password too)
 * or a recovery (docs/decisions/055) in 15.
 */
const CHALLENGE_SECONDS = { register: 5 * 60, "sign-in": 5 * 60, activation: 15 * 60, recovery: 15 * 60 } as const;
const EXPIRED_MESSAGE = {
  register: passkeyMessages.expired,
  "sign-in": passkeyMessages.expired,
  activation: passkeyMessages.ticketExpired,
  recovery: passkeyMessages.recoveryTicketExpired,
} as const;
type Purpose = keyof typeof CHALLENGE_SECONDS;

export function relyingParty(appUrl: string) {
  const url = new URL(appUrl);
  return { rpName: "Sereno", rpID: url.hostname, origin: url.origin };
}

export async function storeChallenge(
  db: Db,
  now: Date,
  values: {
    purpose: Purpose;
    challenge: string;
    userId?: string;
    rosterPersonId?: string;
    recoveryCodeHash?: string;
  },
): Promise<string> {
  const expiresAt = new Date(now.getTime() + CHALLENGE_SECONDS[values.purpose] * 1000);
  // Challenges nobody answered are swept now and then, as the rate-limit counters are.
  if (Math.random() < 0.05) await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({ ...values, expiresAt })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error("challenge not stored");
  return row.id;
}

/** Takes the challenge out (single use): a second answer, or one after it expired, is refused. */
export async function takeChallenge(db: Db, now: Date, id: string, purpose: Purpose) {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, sql`${now.toISOString()}::timestamptz`),
      ),
    )
    .returning();
  if (!row) throw new AppError("BAD_REQUEST", EXPIRED_MESSAGE[purpose]);
  return row;
}
