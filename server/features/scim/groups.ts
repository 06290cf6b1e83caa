/**
 * A SCIM Group is a sector (docs/decisions/048): the company's sector of the
 * same name (ignoring case), or a new top-level one when the company has one
 * establishment (made through `applyPlan`, as an import makes sectors; never
 * moving one, decision 026). Membership is kept as the IdP sent it; the
 * member's NR-1 sector (risk_sector_members: one per person) follows the
 * group they were last added to, and falls back to another of their groups
 * when they leave that one.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { scimMessages } from "#core/scim-messages.ts";
import type { Db } from "#server/db/client.ts";
import {
  riskEstablishments,
  riskSectorMembers,
  riskSectors,
  scimGroupMembers,
  scimGroups,
  scimUsers,
} from "#server/db/schema/index.ts";
import { applyPlan } from "#server/features/roster/index.ts";
import type { ScimContext } from "./scim-account.ts";
import { ScimError } from "./scim-errors.ts";
import { attribute, isObject, textOf } from "./values.ts";

export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";

export type ScimGroupRow = typeof scimGroups.$inferSelect;

async function findSector(tx: Db, companyId: string, name: string): Promise<string | null> {
  const [sector] = await tx
    .select({ id: riskSectors.id })
    .from(riskSectors)
    .where(and(eq(riskSectors.companyId, companyId), sql`lower(${riskSectors.name}) = ${name.toLowerCase()}`))
    .orderBy(sql`${riskSectors.parentId} is not null`, asc(riskSectors.createdAt))
    .limit(1);
  return sector?.id ?? null;
}

/** The sector a group's name stands for, made in the company's only establishment when there is none yet. */
export async function sectorFor(tx: Db, ctx: ScimContext, displayName: string): Promise<string | null> {
  const name = displayName.replaceAll("/", "-");
  const found = await findSector(tx, ctx.company.id, name);
  if (found) return found;
  const establishments = await tx
    .select({ cnpj: riskEstablishments.cnpj })
    .from(riskEstablishments)
    .where(eq(riskEstablishments.companyId, ctx.company.id));
  const only = establishments.length === 1 ? establishments[0] : undefined;
  if (!only) return null;
  await applyPlan(tx, {
    company: ctx.company,
    plan: { created: [], changed: [], structure: { establishments: [], sectors: [{ cnpj: only.cnpj, path: name }] } },
    leavers: [],
    inviter: { userId: null, name: ctx.company.name },
    now: ctx.now,
  });
  return findSector(tx, ctx.company.id, name);
}

/** The member ids of a `members` value ([{ value: id }]), each a user of this company, or a 400. */
export async function memberIdsOf(tx: Db, companyId: string, members: unknown): Promise<string[]> {
  if (members === undefined || members === null) return [];
  const list = Array.isArray(members) ? members : [members];
  const ids = list.map((member) => (isObject(member) ? textOf(attribute(member, "value"), "members.value") : null));
  const valid = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const bad = ids.find((id) => !id || !uuid.test(id));
  if (bad !== undefined) throw new ScimError(400, scimMessages.memberNotFound(String(bad)), "invalidValue");
  if (valid.length === 0) return [];
  const known = await tx
    .select({ id: scimUsers.id })
    .from(scimUsers)
    .where(and(eq(scimUsers.companyId, companyId), inArray(scimUsers.id, valid)));
  const knownIds = new Set(known.map((row) => row.id));
  const unknown = valid.find((id) => !knownIds.has(id));
  if (unknown) throw new ScimError(400, scimMessages.memberNotFound(unknown), "invalidValue");
  return valid;
}

/** Each person's NR-1 sector: the mapped group they joined last, or none of the SCIM groups' sectors. */
async function placeInSectors(tx: Db, companyId: string, scimUserIds: string[]): Promise<void> {
  if (scimUserIds.length === 0) return;
  const people = await tx
    .select({ id: scimUsers.id, userId: scimUsers.userId })
    .from(scimUsers)
    .where(and(inArray(scimUsers.id, scimUserIds), eq(scimUsers.active, true), isNotNull(scimUsers.userId)));
  for (const person of people) {
    if (!person.userId) continue;
    const [latest] = await tx
      .select({ sectorId: scimGroups.sectorId })
      .from(scimGroupMembers)
      .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
      .where(and(eq(scimGroupMembers.scimUserId, person.id), isNotNull(scimGroups.sectorId)))
      .orderBy(desc(scimGroupMembers.addedAt))
      .limit(1);
    if (latest?.sectorId) {
      await tx
        .insert(riskSectorMembers)
        .values({ userId: person.userId, companyId, sectorId: latest.sectorId })
        .onConflictDoUpdate({ target: riskSectorMembers.userId, set: { sectorId: latest.sectorId, companyId } });
      continue;
    }
    // No mapped group left: a sector a SCIM group gave is taken back; one from elsewhere (an import, the manager) stays.
    const groupSectors = tx
      .select({ id: scimGroups.sectorId })
      .from(scimGroups)
      .where(and(eq(scimGroups.companyId, companyId), isNotNull(scimGroups.sectorId)));
    await tx
      .delete(riskSectorMembers)
      .where(and(eq(riskSectorMembers.userId, person.userId), inArray(riskSectorMembers.sectorId, groupSectors)));
  }
}

export async function addMembers(tx: Db, group: ScimGroupRow, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .insert(scimGroupMembers)
    .values(ids.map((scimUserId) => ({ groupId: group.id, scimUserId, addedAt: sql`clock_timestamp()` })))
    .onConflictDoNothing();
  await placeInSectors(tx, group.companyId, ids);
}

export async function removeMembers(tx: Db, group: ScimGroupRow, ids: string[] | "all"): Promise<void> {
  const removed = await tx
    .delete(scimGroupMembers)
    .where(
      and(
        eq(scimGroupMembers.groupId, group.id),
        ids === "all" ? undefined : inArray(scimGroupMembers.scimUserId, ids.length ? ids : [""]),
      ),
    )
    .returning({ id: scimGroupMembers.scimUserId });
  await placeInSectors(
    tx,
    group.companyId,
    removed.map((row) => row.id),
  );
}

export async function membersOf(db: Db, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: scimGroupMembers.groupId,
      id: scimUsers.id,
      display: sql<string>`coalesce(${scimUsers.displayName}, ${scimUsers.userName})`,
    })
    .from(scimGroupMembers)
    .innerJoin(scimUsers, eq(scimUsers.id, scimGroupMembers.scimUserId))
    .where(inArray(scimGroupMembers.groupId, groupIds))
    .orderBy(asc(scimGroupMembers.addedAt));
}

export function groupResource(group: ScimGroupRow, members: { id: string; display: string }[] | null, baseUrl: string) {
  return {
    schemas: [GROUP_SCHEMA],
    id: group.id,
    ...(group.externalId !== null && { externalId: group.externalId }),
    displayName: group.displayName,
    ...(members && {
      members: members.map((member) => ({
        value: member.id,
        display: member.display,
        type: "User",
        $ref: `${baseUrl}/Users/${member.id}`,
      })),
    }),
    meta: {
      resourceType: "Group",
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${group.id}`,
      version: `W/"${group.updatedAt.getTime()}"`,
    },
  };
}
