/**
 * Erasing one person (LGPD art. 18, VI; docs/decisions/015), in one
 * transaction: deleting the better-auth user cascades to the profile,
 * check-ins and notes, exercise completions, reward redemptions
 * (docs/decisions/028), consent history, sessions and credentials (see the
 * FKs in server/db/schema/). What holds the person's
 * name or e-mail elsewhere goes too: invitations, pending deletion links,
 * and the e-mail on audit rows they wrote. Published aggregates
 * (published_daily_buckets) and the live counts are anonymous and stay.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, ne, sql } from "drizzle-orm";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { auditLog, invites, profiles, user, verification } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";

const DELETION_LINK_MINUTES = 60;
const identifierFor = (userId: string) => `delete-account:${userId}`;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Who was deleted, for the confirmation e-mail (sent after the commit). */
export async function deleteAccount(db: Db, userId: string): Promise<{ email: string; name: string }> {
  return db.transaction(async (tx) => {
    // Locks the person's profile row, so two admins deleting themselves at once cannot both pass the check.
    const [person] = await tx
      .select({ email: user.email, name: user.name, role: profiles.role })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, userId))
      .for("update", { of: user });
    if (!person) throw new AppError("NOT_FOUND", serverMessages.userNotFound);
    if (person.role === "admin") {
      await tx.execute(sql`SELECT 1 FROM profiles WHERE role = 'admin' FOR UPDATE`);
      const [others] = await tx
        .select({ n: count() })
        .from(profiles)
        .where(and(eq(profiles.role, "admin"), ne(profiles.userId, userId)));
      if (!others?.n) throw new AppError("CONFLICT", serverMessages.accountDeleteLastAdmin);
    }
    await tx.delete(invites).where(sql`lower(${invites.email}) = lower(${person.email})`);
    await tx.delete(verification).where(eq(verification.identifier, identifierFor(userId)));
    await tx
      .update(auditLog)
      .set({ actorUserId: null, actorEmail: "conta excluída" })
      .where(sql`${auditLog.actorUserId} = ${userId} OR lower(${auditLog.actorEmail}) = lower(${person.email})`);
    await tx.delete(user).where(eq(user.id, userId));
    return { email: person.email, name: person.name };
  });
}

/** A single-use link for accounts without a password (Google only); only its hash is stored. */
export async function createDeletionToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const identifier = identifierFor(userId);
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, identifier));
    await tx.insert(verification).values({
      id: randomBytes(16).toString("hex"),
      identifier,
      value: hashOf(token),
      expiresAt: new Date(Date.now() + DELETION_LINK_MINUTES * 60_000),
    });
  });
  return token;
}

/** The user id the link was made for, consuming it; null when unknown or expired. */
export async function consumeDeletionToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .delete(verification)
    .where(
      and(
        eq(verification.value, hashOf(token)),
        sql`${verification.identifier} LIKE 'delete-account:%'`,
        sql`${verification.expiresAt} > now()`,
      ),
    )
    .returning({ identifier: verification.identifier });
  return row ? row.identifier.slice("delete-account:".length) : null;
}
