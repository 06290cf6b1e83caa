/**
 * A SCIM User (RFC 7643 §4.1, with the enterprise extension of §4.3) read
 * into the few attributes Sereno keeps, and written back. Attribute names are
 * case-insensitive (RFC 7643 §2.1); attributes Sereno does not keep (title,
 * phone numbers, addresses: Entra ID's defaults) are accepted and ignored,
 * so an identity provider's default mapping never fails on them.
 */
import { scimMessages } from "#core/scim-messages.ts";
import type { scimUsers } from "#server/db/schema/index.ts";
import { ScimError } from "./scim-errors.ts";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const ENTERPRISE_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEXT_MAX = 200;

export type ScimUserRow = typeof scimUsers.$inferSelect;

/** What Sereno keeps of a SCIM User: a PUT replaces it, a PATCH changes it. */
export type UserState = {
  userName: string;
  externalId: string | null;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  formattedName: string | null;
  email: string | null;
  employeeNumber: string | null;
  department: string | null;
  active: boolean;
};

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value of `key` in `object`, whatever its case. */
export function attribute(object: Record<string, unknown>, key: string): unknown {
  const wanted = key.toLowerCase();
  for (const [name, value] of Object.entries(object)) if (name.toLowerCase() === wanted) return value;
  return undefined;
}

/** A text attribute: trimmed, at most 200 characters, null when empty or absent. */
export function textOf(value: unknown, name: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" && typeof value !== "number")
    throw new ScimError(400, scimMessages.textTooLong(name), "invalidValue");
  const text = String(value).trim();
  if (text.length > TEXT_MAX) throw new ScimError(400, scimMessages.textTooLong(name), "invalidValue");
  return text || null;
}

/** `active` as a boolean, or as Entra ID's strings "True" and "False". */
export function booleanOf(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === "true";
  throw new ScimError(400, scimMessages.activeInvalid, "invalidValue");
}

export function emailOf(value: unknown): string | null {
  const email = textOf(value, "emails")?.toLowerCase() ?? null;
  if (email && !EMAIL.test(email)) throw new ScimError(400, scimMessages.emailInvalid, "invalidValue");
  return email;
}

/** The one e-mail kept from a multi-valued `emails`: the primary, else the work one, else the first. */
export function pickEmail(emails: unknown): string | null {
  if (!Array.isArray(emails)) return isObject(emails) ? emailOf(attribute(emails, "value")) : null;
  const entries = emails.filter(isObject);
  const chosen =
    entries.find((entry) => attribute(entry, "primary") === true || attribute(entry, "primary") === "True") ??
    entries.find((entry) => String(attribute(entry, "type") ?? "").toLowerCase() === "work") ??
    entries[0];
  return chosen ? emailOf(attribute(chosen, "value")) : null;
}

export function requireSchema(body: Record<string, unknown>, schema: string): void {
  const schemas = attribute(body, "schemas");
  if (!Array.isArray(schemas) || !schemas.some((s) => String(s).toLowerCase() === schema.toLowerCase()))
    throw new ScimError(400, scimMessages.invalidSchemas(schema), "invalidSyntax");
}

/** A whole User resource (POST, PUT) read into what Sereno keeps. */
export function readUserResource(body: Record<string, unknown>): UserState {
  requireSchema(body, USER_SCHEMA);
  const userName = textOf(attribute(body, "userName"), "userName");
  if (!userName) throw new ScimError(400, scimMessages.userNameRequired, "invalidValue");
  const name = attribute(body, "name");
  const names = isObject(name) ? name : {};
  const enterprise = attribute(body, ENTERPRISE_SCHEMA);
  const extension = isObject(enterprise) ? enterprise : {};
  const active = attribute(body, "active");
  return {
    userName,
    externalId: textOf(attribute(body, "externalId"), "externalId"),
    displayName: textOf(attribute(body, "displayName"), "displayName"),
    givenName: textOf(attribute(names, "givenName"), "name.givenName"),
    familyName: textOf(attribute(names, "familyName"), "name.familyName"),
    formattedName: textOf(attribute(names, "formatted"), "name.formatted"),
    email: pickEmail(attribute(body, "emails")),
    employeeNumber: textOf(attribute(extension, "employeeNumber"), "employeeNumber"),
    department: textOf(attribute(extension, "department"), "department"),
    active: active === undefined || active === null ? true : booleanOf(active),
  };
}

export function stateOf(row: ScimUserRow): UserState {
  return {
    userName: row.userName,
    externalId: row.externalId,
    displayName: row.displayName,
    givenName: row.givenName,
    familyName: row.familyName,
    formattedName: row.formattedName,
    email: row.email,
    employeeNumber: row.employeeNumber,
    department: row.department,
    active: row.active,
  };
}

/** The person's name as Sereno shows it. */
export function personNameOf(state: UserState): string {
  const joined = [state.givenName, state.familyName].filter(Boolean).join(" ");
  return (state.displayName ?? state.formattedName ?? (joined || null) ?? state.userName).slice(0, 120);
}

/** The address the account signs in with: the e-mail, else a userName that is one (Entra's UPN, Okta's login). */
export function accountEmailOf(state: UserState): string | null {
  if (state.email) return state.email;
  const userName = state.userName.toLowerCase();
  return EMAIL.test(userName) ? userName : null;
}

export function userResource(row: ScimUserRow, groups: { id: string; displayName: string }[], baseUrl: string) {
  const location = `${baseUrl}/Users/${row.id}`;
  const hasEnterprise = row.employeeNumber !== null || row.department !== null;
  return {
    schemas: hasEnterprise ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
    id: row.id,
    ...(row.externalId !== null && { externalId: row.externalId }),
    userName: row.userName,
    name: {
      ...(row.formattedName !== null && { formatted: row.formattedName }),
      ...(row.givenName !== null && { givenName: row.givenName }),
      ...(row.familyName !== null && { familyName: row.familyName }),
    },
    ...(row.displayName !== null && { displayName: row.displayName }),
    ...(row.email !== null && { emails: [{ value: row.email, type: "work", primary: true }] }),
    active: row.active,
    groups: groups.map((group) => ({
      value: group.id,
      display: group.displayName,
      $ref: `${baseUrl}/Groups/${group.id}`,
    })),
    ...(hasEnterprise && {
      [ENTERPRISE_SCHEMA]: {
        ...(row.employeeNumber !== null && { employeeNumber: row.employeeNumber }),
        ...(row.department !== null && { department: row.department }),
      },
    }),
    meta: {
      resourceType: "User",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location,
      version: `W/"${row.updatedAt.getTime()}"`,
    },
  };
}
