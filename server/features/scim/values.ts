/**
 * How SCIM values are read (RFC 7643 §2.1: attribute names ignore case):
 * the shared checks of Users, Groups, PATCH and SearchRequest bodies.
 */
import { scimMessages } from "#core/scim-messages.ts";
import { ScimError } from "./scim-errors.ts";

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TEXT_MAX = 200;

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

export function requireSchema(body: Record<string, unknown>, schema: string): void {
  const schemas = attribute(body, "schemas");
  if (!Array.isArray(schemas) || !schemas.some((s) => String(s).toLowerCase() === schema.toLowerCase()))
    throw new ScimError(400, scimMessages.invalidSchemas(schema), "invalidSyntax");
}
