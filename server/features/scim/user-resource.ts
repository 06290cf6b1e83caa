/**
 * A SCIM User (RFC 7643 §4.1, with the enterprise extension of §4.3) read
 * into the few attributes Sereno keeps, and written back. Attribute names are
 * case-insensitive (RFC 7643 §2.1); attributes Sereno does not keep (title,
 * phone numbers, addresses: Entra ID's defaults) are accepted and ignored,
 * so an identity provider's default mapping never fails on them.
 */
import { scimMessages } from "#core/scim-messages.ts";
import type { ScimEmail, scimUsers } from "#server/db/schema/index.ts";
import { emailsOf, primaryEmailOf } from "./emails.ts";
import { ScimError } from "./scim-errors.ts";
import { attribute, booleanOf, EMAIL, isObject, requireSchema, textOf } from "./values.ts";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const ENTERPRISE_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

export type ScimUserRow = typeof scimUsers.$inferSelect;

/** What Sereno keeps of a SCIM User: a PUT replaces it, a PATCH changes it. */
export type UserState = {
  userName: string;
  externalId: string | null;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  formattedName: string | null;
  /** The account's address: the primary of `emails` (emails.ts). */
  email: string | null;
  emails: ScimEmail[];
  employeeNumber: string | null;
  department: string | null;
  active: boolean;
};

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
  const emails = emailsOf(attribute(body, "emails"));
  return {
    userName,
    externalId: textOf(attribute(body, "externalId"), "externalId"),
    displayName: textOf(attribute(body, "displayName"), "displayName"),
    givenName: textOf(attribute(names, "givenName"), "name.givenName"),
    familyName: textOf(attribute(names, "familyName"), "name.familyName"),
    formattedName: textOf(attribute(names, "formatted"), "name.formatted"),
    email: primaryEmailOf(emails),
    emails,
    employeeNumber: textOf(attribute(extension, "employeeNumber"), "employeeNumber"),
    department: textOf(attribute(extension, "department"), "department"),
    active: active === undefined || active === null ? true : booleanOf(active),
  };
}

/** The stored list; a row from before the list was kept (migration 0039) has its one address. */
function storedEmailsOf(row: ScimUserRow): ScimEmail[] {
  if (row.emails.length) return row.emails;
  return row.email ? [{ value: row.email, type: "work", primary: true }] : [];
}

/** The list as returned: the account's address marked primary when the IdP marked none. */
function emailsResource(row: ScimUserRow): ScimEmail[] {
  const emails = storedEmailsOf(row);
  if (emails.some((entry) => entry.primary)) return emails;
  return emails.map((entry) => (entry.value === row.email ? { ...entry, primary: true } : entry));
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
    emails: storedEmailsOf(row),
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
    ...(row.email !== null && { emails: emailsResource(row) }),
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
