/**
 * A Group PATCH (RFC 7644 §3.5.2) as identity providers send it: members
 * added, removed (by list or by `members[value eq "…"]`) or replaced,
 * `displayName` and `externalId`, with a path, the core schema's URN before
 * it, or a value object whose keys are paths (Okta's no-path replace).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { scimMessages } from "#core/scim-messages.ts";
import type { Db } from "#server/db/client.ts";
import { scimGroups } from "#server/db/schema/index.ts";
import { addMembers, GROUP_SCHEMA, memberIdsOf, removeMembers, type ScimGroupRow } from "./groups.ts";
import type { readOperations } from "./patch.ts";
import type { ScimContext } from "./scim-account.ts";
import { ScimError } from "./scim-errors.ts";
import { UUID } from "./scim-route.ts";
import { isObject, textOf } from "./values.ts";

const MEMBER_FILTER = /^members\[\s*value\s+eq\s+"([^"]*)"\s*\]$/i;

export function displayNameOf(value: unknown): string {
  const name = textOf(value, "displayName");
  if (!name) throw new ScimError(400, scimMessages.displayNameRequired, "invalidValue");
  return name;
}

export async function refuseTakenName(tx: Db, companyId: string, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: scimGroups.id })
    .from(scimGroups)
    .where(
      and(
        eq(scimGroups.companyId, companyId),
        sql`lower(${scimGroups.displayName}) = ${name.toLowerCase()}`,
        exceptId ? ne(scimGroups.id, exceptId) : undefined,
      ),
    );
  if (taken) throw new ScimError(409, scimMessages.groupNameTaken, "uniqueness");
}

/** Applies the operations in order; returns the group as they left it. */
export async function applyGroupPatch(
  tx: Db,
  ctx: ScimContext,
  group: ScimGroupRow,
  operations: ReturnType<typeof readOperations>,
): Promise<ScimGroupRow> {
  let found = group;
  const apply = async (op: string, fullPath: string, value: unknown) => {
    // The core schema's URN may prefix a path (RFC 7644 §3.10): urn:…:core:2.0:Group:displayName.
    const prefix = `${GROUP_SCHEMA.toLowerCase()}:`;
    const path = fullPath.toLowerCase().startsWith(prefix) ? fullPath.slice(prefix.length) : fullPath;
    const lower = path.toLowerCase();
    const single = MEMBER_FILTER.exec(path);
    if (lower === "members") {
      if (op === "remove" && (value === undefined || value === null)) return removeMembers(tx, found, "all");
      const ids = await memberIdsOf(tx, ctx.company.id, value);
      if (op === "remove") return removeMembers(tx, found, ids);
      if (op === "replace") await removeMembers(tx, found, "all");
      return addMembers(tx, found, ids);
    }
    if (single?.[1] !== undefined && op === "remove")
      return removeMembers(tx, found, UUID.test(single[1]) ? [single[1]] : []);
    if (lower === "displayname" && op !== "remove") {
      const displayName = displayNameOf(value);
      await refuseTakenName(tx, ctx.company.id, displayName, found.id);
      await tx.update(scimGroups).set({ displayName }).where(eq(scimGroups.id, found.id));
      found = { ...found, displayName };
      return;
    }
    if (lower === "externalid") {
      const externalId = op === "remove" ? null : textOf(value, "externalId");
      await tx.update(scimGroups).set({ externalId }).where(eq(scimGroups.id, found.id));
      return;
    }
    // id (Okta sends it back in its replace) and attributes Sereno does not keep change nothing.
    if (lower.startsWith("members")) throw new ScimError(400, scimMessages.invalidPath(path), "invalidPath");
  };
  for (const { op, path, value } of operations) {
    if (path) await apply(op, path, value);
    else if (isObject(value)) for (const [key, part] of Object.entries(value)) await apply(op, key, part);
    else throw new ScimError(400, scimMessages.invalidPatch, "invalidValue");
  }
  return found;
}
