/**
 * PATCH (RFC 7644 §3.5.2) on what Sereno keeps of a User, as identity
 * providers really send it: the op in any case (Entra ID's 'Replace', 'Add'),
 * with a path or with a value object whose keys are paths (Okta's
 * `{"op":"replace","value":{"active":false}}`, Entra's
 * `"value":{"name.givenName":…}`), `active` as the strings "True"/"False",
 * and e-mails addressed by a filter (`emails[type eq "work"].value`).
 */
import { scimMessages } from "#core/scim-messages.ts";
import { patchEmails, primaryEmailOf } from "./emails.ts";
import { ScimError } from "./scim-errors.ts";
import { ENTERPRISE_SCHEMA, USER_SCHEMA, type UserState } from "./user-resource.ts";
import { attribute, booleanOf, isObject, requireSchema, textOf } from "./values.ts";

const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

type PatchOperation = { op: "add" | "replace" | "remove"; path: string | null; value: unknown };

/** The body's operations, checked and with their op in lower case. */
export function readOperations(body: Record<string, unknown>): PatchOperation[] {
  requireSchema(body, PATCH_SCHEMA);
  const operations = attribute(body, "Operations");
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, scimMessages.invalidPatch, "invalidSyntax");
  return operations.map((operation) => {
    if (!isObject(operation)) throw new ScimError(400, scimMessages.invalidPatch, "invalidSyntax");
    const op = String(attribute(operation, "op") ?? "").toLowerCase();
    if (op !== "add" && op !== "replace" && op !== "remove")
      throw new ScimError(400, scimMessages.invalidOp(String(attribute(operation, "op") ?? "")), "invalidSyntax");
    const path = attribute(operation, "path");
    if (path !== undefined && path !== null && typeof path !== "string")
      throw new ScimError(400, scimMessages.invalidPath(String(path)), "invalidPath");
    if (op === "remove" && !path) throw new ScimError(400, scimMessages.noTarget, "noTarget");
    return { op, path: path?.trim() || null, value: attribute(operation, "value") };
  });
}

const NAME_PARTS = { givenname: "givenName", familyname: "familyName", formatted: "formattedName" } as const;

/** Applies one path to the state; a path Sereno does not keep (title, phoneNumbers…) changes nothing. */
function applyPath(state: UserState, op: PatchOperation["op"], rawPath: string, value: unknown): void {
  if (rawPath.split("[").length !== rawPath.split("]").length)
    throw new ScimError(400, scimMessages.invalidPath(rawPath), "invalidPath");
  let path = rawPath.toLowerCase();
  const core = `${USER_SCHEMA.toLowerCase()}:`;
  if (path.startsWith(core)) path = path.slice(core.length);
  const removing = op === "remove";
  const enterprise = ENTERPRISE_SCHEMA.toLowerCase();
  if (path === enterprise) {
    if (removing) Object.assign(state, { employeeNumber: null, department: null });
    else if (isObject(value)) {
      for (const [key, part] of Object.entries(value)) applyPath(state, op, `${ENTERPRISE_SCHEMA}:${key}`, part);
    }
    return;
  }
  if (path.startsWith(`${enterprise}:`)) {
    const name = path.slice(enterprise.length + 1);
    if (name === "employeenumber") state.employeeNumber = removing ? null : textOf(value, "employeeNumber");
    if (name === "department") state.department = removing ? null : textOf(value, "department");
    return;
  }
  if (path === "username") {
    const userName = removing ? null : textOf(value, "userName");
    if (!userName) throw new ScimError(400, scimMessages.userNameRequired, "invalidValue");
    state.userName = userName;
  } else if (path === "externalid") state.externalId = removing ? null : textOf(value, "externalId");
  else if (path === "displayname") state.displayName = removing ? null : textOf(value, "displayName");
  else if (path === "active") {
    if (!removing) state.active = booleanOf(value);
  } else if (path === "name") {
    const names = isObject(value) ? value : {};
    for (const [part, key] of Object.entries(NAME_PARTS)) {
      const given = attribute(names, part);
      if (removing || op === "replace" || given !== undefined)
        state[key] = removing ? null : textOf(given, `name.${part}`);
    }
  } else if (path.startsWith("name.")) {
    const key = NAME_PARTS[path.slice(5) as keyof typeof NAME_PARTS];
    if (key) state[key] = removing ? null : textOf(value, path);
  } else if (path === "emails" || path.startsWith("emails.") || path.startsWith("emails[")) {
    state.emails = patchEmails(state.emails, op, path, value);
  }
}

export function applyUserPatch(state: UserState, operations: PatchOperation[]): UserState {
  const next = { ...state };
  for (const { op, path, value } of operations) {
    if (path) {
      applyPath(next, op, path, value);
      continue;
    }
    if (!isObject(value)) throw new ScimError(400, scimMessages.invalidPatch, "invalidValue");
    for (const [key, part] of Object.entries(value)) applyPath(next, op, key, part);
  }
  next.email = primaryEmailOf(next.emails);
  return next;
}
