/**
 * Who an identity provider may sign in (docs/decisions/047): the company's
 * people as the roster and invitations know them, found by the e-mail the
 * provider vouches for. An account already in the company signs in; a roster
 * person or a pending invitation without an account gets one now (a member,
 * or the invited role, asked for consent at the first check-in as anyone
 * else); anyone else is a stranger, let in as a member only when the company
 * turned on creation at first sign-in.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { planDetails } from "#core/plans.ts";
import type { Db } from "#server/db/client.ts";
import { companies, invites, profiles, rosterPeople, user } from "#server/db/schema/index.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { createAccount } from "#server/features/auth/index.ts";
import { seatsUsed } from "#server/features/invites/index.ts";
import { linkRosterPerson } from "#server/kernel/link-roster-person.ts";

export type SsoPerson = { userId: string } | { refused: "stranger" | "other-company" | "seats-full" };

export async function findOrJoinSsoPerson(
  db: Db,
  companyId: string,
  vouched: { email: string; name: string | null; createOnFirstSignIn: boolean; via: "oidc" | "saml" },
): Promise<SsoPerson> {
  const { email } = vouched;
  const [account] = await db
    .select({ id: user.id, companyId: profiles.companyId })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.email, email));
  if (account) return account.companyId === companyId ? { userId: account.id } : { refused: "other-company" };

  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: rosterPeople.id, name: rosterPeople.name, userId: rosterPeople.userId })
      .from(rosterPeople)
      .where(
        and(
          eq(rosterPeople.companyId, companyId),
          eq(sql`lower(${rosterPeople.email})`, email),
          isNull(rosterPeople.leftAt),
        ),
      )
      .for("update");
    // A roster person who has an account under another address (a personal e-mail): that account.
    if (person?.userId) return { userId: person.userId };
    const [invite] = await tx
      .update(invites)
      .set({ acceptedAt: sql`now()` })
      .where(
        and(
          eq(invites.companyId, companyId),
          eq(sql`lower(${invites.email})`, email),
          isNull(invites.acceptedAt),
          gt(invites.expiresAt, sql`now()`),
        ),
      )
      .returning({ name: invites.name, role: invites.role });
    if (!person && !invite && !vouched.createOnFirstSignIn) return { refused: "stranger" as const };
    // A roster person and an invitation already hold their seat; someone created at first sign-in takes one.
    if (!person && !invite) {
      const [company] = await tx
        .select({ plan: companies.plan })
        .from(companies)
        .where(eq(companies.id, companyId))
        .for("update");
      const limit = company ? planDetails[company.plan].memberLimit : 0;
      if ((await seatsUsed(tx, companyId)) >= limit) return { refused: "seats-full" as const };
    }

    const name = person?.name ?? invite?.name ?? vouched.name ?? email.split("@")[0] ?? email;
    const role = invite?.role === "manager" ? "manager" : "user";
    const { userId } = await createAccount(db, { email, name, role, companyId }, tx);
    if (person) await linkRosterPerson(tx, companyId, userId, { personId: person.id });
    else await linkRosterPerson(tx, companyId, userId, { email });
    await writeAudit(tx, { userId, email }, "sso.join", {
      type: "account",
      id: userId,
      companyId,
      details: { via: vouched.via, from: person ? "roster" : invite ? "invite" : "first-sign-in" },
    });
    return { userId };
  });
}

/** The person's Entra object id as their last Entra sign-in named it (docs/decisions/109). */
export async function rememberEntraObjectId(db: Db, userId: string, entraObjectId: string): Promise<void> {
  await db
    .update(profiles)
    .set({ entraObjectId, updatedAt: sql`now()` })
    .where(and(eq(profiles.userId, userId), sql`${profiles.entraObjectId} is distinct from ${entraObjectId}`));
}
