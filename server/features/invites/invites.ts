/**
 * Invitations: a random token (only its SHA-256 is stored), single-use, 7
 * days. Creating one checks the plan limit with the company row locked, so
 * two managers inviting at once cannot pass it; the mail goes out inside the
 * same transaction, so a failed send leaves nothing behind.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { messages, planLimitMessage } from "#core/messages.ts";
import { planDetails } from "#core/plans.ts";
import type { Db } from "#server/db/client.ts";
import { companies, invites, profiles, user } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { consume, type LimitRule } from "#server/features/auth/rate-limit.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { inviteMail } from "#server/mail/templates.ts";

export const INVITE_DAYS = 7;

/** A pending invite as the admin's and the manager's lists show it: never the token hash. */
export function toPendingInvite(invite: typeof invites.$inferSelect) {
  return {
    id: invite.id,
    name: invite.name,
    email: invite.email,
    // A company's invites are for members and managers; a psychologist's has no company and is listed elsewhere.
    role: invite.role === "manager" ? ("manager" as const) : ("user" as const),
    expiresAt: invite.expiresAt.toISOString(),
  };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function inviteLink(appUrl: string, kind: "admin" | "team", token: string): string {
  return kind === "admin"
    ? `${appUrl}/confirm-account#access_token=${token}&type=invite`
    : `${appUrl}/accept-invite?token=${encodeURIComponent(token)}`;
}

export type NewInvite = {
  companyId: string;
  name: string;
  email: string;
  role: "user" | "manager";
  kind: "admin" | "team";
  inviter: { userId: string; name: string };
};

/** Members plus pending, unexpired invites (other than one for `exceptEmail`). */
async function seatsUsed(tx: Db, companyId: string, exceptEmail?: string): Promise<number> {
  const [members] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(eq(profiles.companyId, companyId));
  const [pending] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(invites)
    .where(
      and(
        eq(invites.companyId, companyId),
        isNull(invites.acceptedAt),
        gt(invites.expiresAt, sql`now()`),
        exceptEmail ? ne(sql`lower(${invites.email})`, exceptEmail) : undefined,
      ),
    );
  return (members?.n ?? 0) + (pending?.n ?? 0);
}

/** Invitations per company per hour and per address per day: every attempt counts (docs/decisions/018). */
export const inviteLimits = {
  perCompany: { max: 100, windowSeconds: 60 * 60 },
  perAddress: { max: 5, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, LimitRule>;

async function consumeInviteLimits(db: Db, companyId: string, email: string): Promise<void> {
  for (const [key, rule] of [
    [`invite:company:${companyId}`, inviteLimits.perCompany],
    [`invite:address:${email}`, inviteLimits.perAddress],
  ] as const) {
    const result = await consume(db, key, rule);
    if (!result.allowed) {
      throw new AppError("TOO_MANY_REQUESTS", messages.tooManyInvites, { retryAfterSeconds: result.retryAfterSeconds });
    }
  }
}

export async function createInvite(db: Db, mailer: Mailer, appUrl: string, input: NewInvite) {
  const email = input.email.trim().toLowerCase();
  const token = randomBytes(32).toString("base64url");
  await consumeInviteLimits(db, input.companyId, email);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [company] = await tx.select().from(companies).where(eq(companies.id, input.companyId)).for("update");
    if (!company) throw new AppError("NOT_FOUND", messages.companyNotFound);

    const [existing] = await tx
      .select({ companyId: profiles.companyId, role: profiles.role })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.email, email));
    // Someone of another company (or an admin) is answered like any new address, so a manager cannot
    // probe who uses Sereno elsewhere; accepting resolves it (docs/decisions/018).
    if (existing && existing.companyId === company.id) throw new AppError("CONFLICT", messages.alreadyInYourTeam);

    const { memberLimit, label } = planDetails[company.plan];
    if ((await seatsUsed(tx, company.id, email)) >= memberLimit) {
      throw new AppError("CONFLICT", planLimitMessage(memberLimit, label));
    }

    // Sending again replaces the old token: one pending invite per e-mail.
    await tx.delete(invites).where(and(eq(sql`lower(${invites.email})`, email), isNull(invites.acceptedAt)));
    const [invite] = await tx
      .insert(invites)
      .values({
        tokenHash: hashToken(token),
        email,
        name: input.name.trim(),
        companyId: company.id,
        role: input.role,
        kind: input.kind,
        invitedBy: input.inviter.userId,
        inviterName: input.inviter.name,
        expiresAt: sql`now() + make_interval(days => ${INVITE_DAYS})`,
      })
      .returning();
    const mail = inviteMail({
      to: email,
      inviterName: input.inviter.name,
      companyName: company.name,
      role: input.role,
      url: inviteLink(appUrl, input.kind, token),
    });
    // Inside the transaction: if the mail cannot go, the invite is rolled back.
    await mailer.send(mail).catch((error: unknown) => {
      throw new AppError("SERVICE_UNAVAILABLE", messages.inviteMailFailed, { cause: error });
    });
    return { invite: invite as typeof invites.$inferSelect, company };
  });
}

/** A pending, unexpired invite and its company, or null. */
export async function findPendingInvite(db: Db, token: string) {
  const [row] = await db
    .select({ invite: invites, companyName: sql<string>`coalesce(${companies.name}, 'Sereno')` })
    .from(invites)
    .leftJoin(companies, eq(companies.id, invites.companyId))
    .where(and(eq(invites.tokenHash, hashToken(token)), isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`)));
  return row ?? null;
}

/**
 * A psychologist's invitation (docs/decisions/025): no company and no seat,
 * the same token, expiry, single use and rate limits as a company's.
 */
export async function createPsychologistInvite(
  tx: Db,
  mailer: Mailer,
  appUrl: string,
  input: { name: string; email: string; inviter: { userId: string; name: string } },
) {
  const email = input.email.trim().toLowerCase();
  const token = randomBytes(32).toString("base64url");
  const result = await consume(tx, `invite:address:${email}`, inviteLimits.perAddress);
  if (!result.allowed) {
    throw new AppError("TOO_MANY_REQUESTS", messages.tooManyInvites, { retryAfterSeconds: result.retryAfterSeconds });
  }
  await tx.delete(invites).where(and(eq(sql`lower(${invites.email})`, email), isNull(invites.acceptedAt)));
  await tx.insert(invites).values({
    tokenHash: hashToken(token),
    email,
    name: input.name.trim(),
    companyId: null,
    role: "psychologist",
    kind: "admin",
    invitedBy: input.inviter.userId,
    inviterName: input.inviter.name,
    expiresAt: sql`now() + make_interval(days => ${INVITE_DAYS})`,
  });
  const mail = inviteMail({
    to: email,
    inviterName: input.inviter.name,
    companyName: "Sereno",
    role: "psychologist",
    url: inviteLink(appUrl, "admin", token),
  });
  await mailer.send(mail).catch((error: unknown) => {
    throw new AppError("SERVICE_UNAVAILABLE", messages.inviteMailFailed, { cause: error });
  });
}
