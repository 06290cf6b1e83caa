/**
 * Which account a SCIM User signs in with, and which addresses a company's
 * token may give it (docs/decisions/056). A token speaks for the company
 * only: it creates people in the company's verified domains (SSO, 047) or on
 * its roster (043), links accounts already in the company, and never adopts
 * an account that is outside it; that takes the person's own yes, an
 * invitation she accepts from her own mailbox.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { internalAddressFor } from "#core/internal-address.ts";
import { planDetails } from "#core/plans.ts";
import { scimMessages } from "#core/scim-messages.ts";
import type { Db } from "#server/db/client.ts";
import {
  type companies,
  companyMemberships,
  invites,
  profiles,
  type rosterPeople,
  user,
} from "#server/db/schema/index.ts";
import { createAccount } from "#server/features/auth/index.ts";
import { seatsUsed } from "#server/features/invites/index.ts";
import { coversEmail } from "#server/features/sso/index.ts";
import { ScimError } from "./scim-errors.ts";
import { accountEmailOf, personNameOf, type UserState } from "./user-resource.ts";

type RosterPerson = typeof rosterPeople.$inferSelect;

/** Who is calling (the company's token) and when: what every SCIM write needs. */
export type ScimContext = {
  db: Db;
  company: typeof companies.$inferSelect;
  actor: { userId: null; email: string };
  now: Date;
};

async function refuseWithoutSeat(tx: Db, ctx: ScimContext, email: string | null): Promise<void> {
  const { memberLimit, label } = planDetails[ctx.company.plan];
  if ((await seatsUsed(tx, ctx.company.id, email ?? undefined)) >= memberLimit)
    throw new ScimError(409, scimMessages.seatsFull(memberLimit, label));
}

/**
 * An address the token may give an account: in one of the company's verified
 * domains, or one HR gave this very person (their roster row's corporate or
 * personal e-mail). Anything else would let a token point someone's account,
 * and its password reset, at a mailbox the company chose freely.
 */
export async function mayUseAddress(tx: Db, ctx: ScimContext, email: string, person: RosterPerson | null) {
  const own = [person?.email, person?.personalEmail].some((address) => address?.toLowerCase() === email);
  return own || coversEmail(tx, ctx.company.id, email);
}

/** The account must already be in the company: one outside it (no company, or another) is never taken by a token. */
async function requireInCompany(tx: Db, ctx: ScimContext, userId: string): Promise<void> {
  const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
  if (profile?.companyId === ctx.company.id) return;
  const isFree = profile && profile.companyId === null && profile.role === "user";
  throw new ScimError(409, isFree ? scimMessages.accountNeedsConsent : scimMessages.emailTaken, "uniqueness");
}

/**
 * Reactivation (active true again) gives back what this company's IdP ended:
 * only when the account's last company is this one. An account that joined
 * (and left) another company since is that person's to bring back.
 */
export async function reattach(tx: Db, ctx: ScimContext, userId: string): Promise<void> {
  const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
  if (profile?.companyId === ctx.company.id) return;
  if (!profile || profile.companyId !== null || profile.role !== "user")
    throw new ScimError(409, scimMessages.emailTaken, "uniqueness");
  const [last] = await tx
    .select({ companyId: companyMemberships.companyId })
    .from(companyMemberships)
    .where(eq(companyMemberships.userId, userId))
    .orderBy(desc(companyMemberships.joinedAt))
    .limit(1);
  if (last?.companyId !== ctx.company.id) throw new ScimError(409, scimMessages.accessEndedElsewhere, "uniqueness");
  await refuseWithoutSeat(tx, ctx, profile.email);
  await tx
    .update(profiles)
    .set({ companyId: ctx.company.id, updatedAt: sql`now()` })
    .where(eq(profiles.userId, userId));
}

/** The account this user signs in with: the roster person's or the company member's with the e-mail, or a new one. */
export async function accountFor(
  tx: Db,
  ctx: ScimContext,
  state: UserState,
  person: RosterPerson | null,
): Promise<string> {
  if (person?.userId) {
    await requireInCompany(tx, ctx, person.userId);
    return person.userId;
  }
  // The IdP's e-mail, else the roster's corporate one, else a userName that is an address (Entra's UPN, Okta's login).
  const email = state.email ?? person?.email ?? accountEmailOf(state);
  if (email) {
    const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (existing) {
      await requireInCompany(tx, ctx, existing.id);
      return existing.id;
    }
  }
  // A new person: on the roster, or with an address of the company's verified domains.
  if (email ? !(await mayUseAddress(tx, ctx, email, person)) : !person)
    throw new ScimError(403, person ? scimMessages.emailOutsideDomains : scimMessages.personOutsideCompany);
  // A roster person already holds a seat (invited or awaiting activation); anyone else takes one.
  if (!person) await refuseWithoutSeat(tx, ctx, email);
  const userId = randomUUID();
  await createAccount(
    tx,
    {
      userId,
      email: email ?? internalAddressFor(userId),
      name: personNameOf(state),
      role: "user",
      companyId: ctx.company.id,
      createdAt: ctx.now,
    },
    tx,
  );
  // Their invitation, if any, is answered: the account exists now.
  const answered = [email, person?.email].filter((address): address is string => Boolean(address));
  if (answered.length)
    await tx
      .delete(invites)
      .where(
        and(
          eq(invites.companyId, ctx.company.id),
          isNull(invites.acceptedAt),
          inArray(sql`lower(${invites.email})`, answered),
        ),
      );
  return userId;
}
