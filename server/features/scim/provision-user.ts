/**
 * What a SCIM User does to Sereno's people (docs/decisions/048). It is the
 * roster person (043) whose matrícula or e-mail it carries, else the
 * company's member with its e-mail, else a new account in the company's
 * verified domains (scim-account.ts, docs/decisions/056: a token never
 * adopts an account outside the company nor moves one to a foreign
 * address). Roster people are written through `applyPlan`, as a file's or
 * the HR API's rows are; deactivation takes them out as a leaver
 * does (sessions end at once, sign-in answers ACCESS_ENDED).
 */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { scimMessages } from "#core/scim-messages.ts";
import type { Db } from "#server/db/client.ts";
import { profiles, rosterPeople, scimUsers, user } from "#server/db/schema/index.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { applyPlan, transaction } from "#server/features/roster/index.ts";
import { detachFromCompany } from "#server/features/teams/index.ts";
import { linkRosterPerson } from "#server/kernel/link-roster-person.ts";
import { accountFor, mayUseAddress, reattach, type ScimContext } from "./scim-account.ts";
import { ScimError } from "./scim-errors.ts";
import { accountEmailOf, personNameOf, type ScimUserRow, type UserState } from "./user-resource.ts";

type RosterPerson = typeof rosterPeople.$inferSelect;

const noStructure = { establishments: [], sectors: [] };

/** The active roster person this user is: by matrícula first (HR's key), then by corporate e-mail. */
async function matchRosterPerson(tx: Db, companyId: string, state: UserState): Promise<RosterPerson | null> {
  const active = and(eq(rosterPeople.companyId, companyId), isNull(rosterPeople.leftAt));
  if (state.employeeNumber) {
    const [byMatricula] = await tx
      .select()
      .from(rosterPeople)
      .where(and(active, eq(rosterPeople.matricula, state.employeeNumber)));
    if (byMatricula) return byMatricula;
  }
  const email = accountEmailOf(state);
  if (!email) return null;
  const [byEmail] = await tx
    .select()
    .from(rosterPeople)
    .where(and(active, sql`lower(${rosterPeople.email}) = ${email}`));
  return byEmail ?? null;
}

/** The roster person's name, matrícula and corporate e-mail from the IdP, written as a changed import row. */
async function writeRosterPerson(tx: Db, ctx: ScimContext, person: RosterPerson, state: UserState, userId: string) {
  const matricula = state.employeeNumber ?? person.matricula;
  const email = state.email ?? person.email;
  const name = personNameOf(state);
  if (matricula === person.matricula && email === person.email && name === person.name) return;
  // The roster's e-mail vouches for an address (056): the IdP may only put there one it could give the account.
  if (email && email !== person.email?.toLowerCase()) {
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (account?.email !== email && !(await mayUseAddress(tx, ctx, email, person)))
      throw new ScimError(403, scimMessages.emailOutsideDomains);
  }
  if (matricula !== person.matricula) {
    const [holder] = await tx
      .select({ id: rosterPeople.id })
      .from(rosterPeople)
      .where(
        and(
          eq(rosterPeople.companyId, ctx.company.id),
          eq(rosterPeople.matricula, matricula),
          isNull(rosterPeople.leftAt),
          ne(rosterPeople.id, person.id),
        ),
      );
    if (holder) throw new ScimError(409, scimMessages.matriculaTaken, "uniqueness");
  }
  const { id, companyId: _c, userId: _u, leftAt: _l, createdAt: _cr, updatedAt: _up, ...kept } = person;
  const row = {
    line: 1,
    name,
    cpfHash: kept.cpfHash,
    cpfLast2: kept.cpfLast2,
    matricula,
    email,
    personalEmail: kept.personalEmail,
    establishmentCnpj: kept.establishmentCnpj,
    sectorPath: kept.sectorPath,
    managerRef: kept.managerRef,
    jobTitle: kept.jobTitle,
    admittedOn: kept.admittedOn,
  };
  const changed = [{ ...row, id, userId, previousEmail: person.email }];
  await applyPlan(tx, {
    company: ctx.company,
    plan: { created: [], changed, structure: noStructure },
    leavers: [],
    inviter: { userId: null, name: ctx.company.name },
    now: ctx.now,
  });
}

async function rosterPersonOf(tx: Db, row: ScimUserRow): Promise<RosterPerson | null> {
  if (!row.rosterPersonId) return null;
  const [person] = await tx.select().from(rosterPeople).where(eq(rosterPeople.id, row.rosterPersonId));
  return person ?? null;
}

/** Ends the person's access: a roster person leaves as in a full file; anyone else is detached. Sessions end at once. */
async function deactivate(tx: Db, ctx: ScimContext, row: ScimUserRow): Promise<void> {
  const [person] = row.rosterPersonId
    ? await tx
        .select()
        .from(rosterPeople)
        .where(and(eq(rosterPeople.id, row.rosterPersonId), isNull(rosterPeople.leftAt)))
    : [];
  if (person) {
    await applyPlan(tx, {
      company: ctx.company,
      plan: { created: [], changed: [], structure: noStructure },
      leavers: [person],
      inviter: { userId: null, name: ctx.company.name },
      now: ctx.now,
    });
  }
  if (row.userId) await detachFromCompany(tx, ctx.company.id, eq(profiles.userId, row.userId));
}

/** Gives access back: the account rejoins the company and the roster person comes back, as a returning row of a file. */
async function reactivate(tx: Db, ctx: ScimContext, row: ScimUserRow): Promise<void> {
  if (row.userId) await reattach(tx, ctx, row.userId);
  const [person] = row.rosterPersonId
    ? await tx.select().from(rosterPeople).where(eq(rosterPeople.id, row.rosterPersonId))
    : [];
  if (!person?.leftAt) return;
  const [holder] = await tx
    .select({ id: rosterPeople.id })
    .from(rosterPeople)
    .where(
      and(
        eq(rosterPeople.companyId, ctx.company.id),
        eq(rosterPeople.matricula, person.matricula),
        isNull(rosterPeople.leftAt),
      ),
    );
  if (holder) throw new ScimError(409, scimMessages.matriculaTaken, "uniqueness");
  const {
    id,
    companyId: _c,
    leftAt: _l,
    createdAt: _cr,
    updatedAt: _up,
    dataLinkHash: _d,
    dataLinkExpiresAt: _e,
    establishmentId: _ei,
    sectorId: _si,
    ...kept
  } = person;
  await applyPlan(tx, {
    company: ctx.company,
    plan: { created: [{ ...kept, line: 1, userId: row.userId, rejoining: id }], changed: [], structure: noStructure },
    leavers: [],
    inviter: { userId: null, name: ctx.company.name },
    now: ctx.now,
  });
}

async function refuseTakenUserName(tx: Db, companyId: string, userName: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: scimUsers.id })
    .from(scimUsers)
    .where(
      and(
        eq(scimUsers.companyId, companyId),
        sql`lower(${scimUsers.userName}) = ${userName.toLowerCase()}`,
        exceptId ? ne(scimUsers.id, exceptId) : undefined,
      ),
    );
  if (taken) throw new ScimError(409, scimMessages.userNameTaken, "uniqueness");
}

const columnsOf = (state: UserState) => ({ ...state, updatedAt: sql`now()` });

export async function createScimUser(ctx: ScimContext, state: UserState): Promise<ScimUserRow> {
  return transaction(ctx.db, async (tx) => {
    await refuseTakenUserName(tx, ctx.company.id, state.userName);
    const person = await matchRosterPerson(tx, ctx.company.id, state);
    const [claimed] = await tx
      .select({ id: scimUsers.id })
      .from(scimUsers)
      .where(person ? eq(scimUsers.rosterPersonId, person.id) : sql`false`);
    if (claimed) throw new ScimError(409, scimMessages.personAlreadyProvisioned, "uniqueness");
    const userId = await accountFor(tx, ctx, state, person);
    const [holder] = await tx
      .select({ id: scimUsers.id })
      .from(scimUsers)
      .where(and(eq(scimUsers.companyId, ctx.company.id), eq(scimUsers.userId, userId)));
    if (holder) throw new ScimError(409, scimMessages.personAlreadyProvisioned, "uniqueness");
    if (person && !person.userId) await linkRosterPerson(tx, ctx.company.id, userId, { personId: person.id });
    if (person) await writeRosterPerson(tx, ctx, person, state, userId);
    const [created] = await tx
      .insert(scimUsers)
      .values({ ...state, companyId: ctx.company.id, userId, rosterPersonId: person?.id ?? null })
      .returning();
    if (!created) throw new Error("scim user insert returned nothing");
    if (!state.active) await deactivate(tx, ctx, created);
    await writeAudit(tx, ctx.actor, "scim.user.create", {
      type: "scim-user",
      id: created.id,
      companyId: ctx.company.id,
      details: { userName: state.userName, cadastro: person ? "pessoa existente" : "nova pessoa" },
    });
    return created;
  });
}

/** PUT and PATCH: the new state replaces the old; access ends or comes back when `active` changes. */
export async function updateScimUser(ctx: ScimContext, row: ScimUserRow, next: UserState): Promise<ScimUserRow> {
  return transaction(ctx.db, async (tx) => {
    if (next.userName.toLowerCase() !== row.userName.toLowerCase())
      await refuseTakenUserName(tx, ctx.company.id, next.userName, row.id);
    if (next.active && !row.active) await reactivate(tx, ctx, row);
    if (row.userId && next.active) {
      await tx
        .update(profiles)
        .set({ name: personNameOf(next), updatedAt: sql`now()` })
        .where(eq(profiles.userId, row.userId));
      // As at creation: the IdP's e-mail, else the roster's, else a userName that is an address.
      const person = await rosterPersonOf(tx, row);
      const email = next.email ?? person?.email?.toLowerCase() ?? accountEmailOf(next);
      const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, row.userId));
      // The sign-in address follows the IdP's, within the company's verified domains (056), unless another account has it.
      if (email && account && account.email !== email) {
        if (!(await mayUseAddress(tx, ctx, email, person))) throw new ScimError(403, scimMessages.emailOutsideDomains);
        const [other] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
        if (other) throw new ScimError(409, scimMessages.emailTaken, "uniqueness");
        await tx.update(user).set({ email, updatedAt: sql`now()` }).where(eq(user.id, row.userId));
        await tx.update(profiles).set({ email }).where(eq(profiles.userId, row.userId));
      }
    }
    if (row.rosterPersonId && next.active) {
      const [person] = await tx
        .select()
        .from(rosterPeople)
        .where(and(eq(rosterPeople.id, row.rosterPersonId), isNull(rosterPeople.leftAt)));
      if (person && row.userId) await writeRosterPerson(tx, ctx, person, next, row.userId);
    }
    if (!next.active && row.active) await deactivate(tx, ctx, row);
    const [updated] = await tx.update(scimUsers).set(columnsOf(next)).where(eq(scimUsers.id, row.id)).returning();
    if (!updated) throw new ScimError(404, scimMessages.userNotFound);
    const deactivated = !next.active && row.active;
    await writeAudit(tx, ctx.actor, deactivated ? "scim.user.deactivate" : "scim.user.update", {
      type: "scim-user",
      id: row.id,
      companyId: ctx.company.id,
      details: { userName: next.userName, ativo: next.active },
    });
    return updated;
  });
}

/** DELETE: access ends as on deactivation, and the SCIM resource is gone (the account and its history stay the person's). */
export async function deleteScimUser(ctx: ScimContext, row: ScimUserRow): Promise<void> {
  await transaction(ctx.db, async (tx) => {
    if (row.active) await deactivate(tx, ctx, row);
    await tx.delete(scimUsers).where(eq(scimUsers.id, row.id));
    await writeAudit(tx, ctx.actor, "scim.user.delete", {
      type: "scim-user",
      id: row.id,
      companyId: ctx.company.id,
      details: { userName: row.userName },
    });
  });
}
