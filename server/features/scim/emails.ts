/**
 * A User's multi-valued `emails` (RFC 7643 §4.1.2, §2.4), kept whole and
 * returned as the IdP sent it (decision 056). The account signs in with one
 * of them: the primary, else the work one, else the first (048). PATCH paths
 * reach the list (`emails`), one value (`emails.value`, Entra's
 * `emails[type eq "work"].value`) or the entries a filter selects
 * (`emails[value eq "…"]`, RFC 7644 §3.5.2).
 */
import { scimMessages } from "#core/scim-messages.ts";
import type { ScimEmail } from "#server/db/schema/index.ts";
import { ScimError } from "./scim-errors.ts";
import { attribute, emailOf, isObject, textOf } from "./values.ts";

const EMAILS_MAX = 20;
const FILTER =
  /^emails\[\s*(type|value|primary|display)\s+eq\s+(?:"([^"]*)"|(true|false))\s*\](?:\.(value|type|primary|display))?$/i;

function entryOf(value: unknown): ScimEmail | null {
  if (!isObject(value)) {
    const address = emailOf(value);
    return address ? { value: address } : null;
  }
  const address = emailOf(attribute(value, "value"));
  if (!address) return null;
  const type = textOf(attribute(value, "type"), "emails.type")?.toLowerCase();
  const display = textOf(attribute(value, "display"), "emails.display");
  const primary = attribute(value, "primary");
  return {
    value: address,
    ...(type && { type }),
    ...((primary === true || /^true$/i.test(String(primary ?? ""))) && { primary: true }),
    ...(display && { display }),
  };
}

/** A list as the IdP sent it: each address checked, one entry per address, at most one primary (RFC 7643 §2.4). */
export function emailsOf(value: unknown): ScimEmail[] {
  if (value === undefined || value === null) return [];
  const entries = (Array.isArray(value) ? value : [value]).map(entryOf).filter((e): e is ScimEmail => e !== null);
  return tidy(entries);
}

function tidy(entries: ScimEmail[]): ScimEmail[] {
  const byValue = new Map<string, ScimEmail>();
  for (const entry of entries) byValue.set(entry.value, { ...byValue.get(entry.value), ...entry });
  const list = [...byValue.values()];
  if (list.length > EMAILS_MAX) throw new ScimError(400, scimMessages.textTooLong("emails"), "invalidValue");
  const primaries = list.filter((entry) => entry.primary);
  // The last one marked primary wins: an 'add' of a new primary address demotes the old one.
  for (const entry of primaries.slice(0, -1)) delete entry.primary;
  return list;
}

/** The address the account signs in with. */
export function primaryEmailOf(emails: ScimEmail[]): string | null {
  const chosen = emails.find((e) => e.primary) ?? emails.find((e) => e.type === "work") ?? emails[0];
  return chosen?.value ?? null;
}

function matches(entry: ScimEmail, key: string, expected: string): boolean {
  const actual = entry[key as keyof ScimEmail];
  if (key === "primary") return Boolean(actual) === (expected === "true");
  return String(actual ?? "").toLowerCase() === expected.toLowerCase();
}

/** One PATCH operation on a path that starts with `emails` (already without the core schema's URN, lower case). */
export function patchEmails(emails: ScimEmail[], op: "add" | "replace" | "remove", path: string, value: unknown) {
  if (path === "emails") {
    if (op === "replace") return emailsOf(value);
    if (op === "add") return tidy([...emails, ...emailsOf(value)]);
    // remove: the listed addresses, or all of them.
    if (value === undefined || value === null) return [];
    const gone = new Set(emailsOf(value).map((entry) => entry.value));
    return emails.filter((entry) => !gone.has(entry.value));
  }
  if (path === "emails.value") {
    if (op === "remove") return [];
    const address = emailOf(value);
    if (!address) return emails;
    const primary = primaryEmailOf(emails);
    if (!primary) return [{ value: address, type: "work", primary: true }];
    return tidy(emails.map((entry) => (entry.value === primary ? { ...entry, value: address } : entry)));
  }
  // Other sub-attributes of the whole list (emails.type…) name no one entry: nothing Sereno can change.
  if (path.startsWith("emails.")) return emails;
  const filter = FILTER.exec(path);
  if (!filter) throw new ScimError(400, scimMessages.invalidPath(path), "invalidPath");
  const [, rawKey = "", quoted, bool, rawSub] = filter;
  const key = rawKey.toLowerCase();
  const expected = quoted ?? bool ?? "";
  const sub = rawSub?.toLowerCase();
  const selected = (entry: ScimEmail) => matches(entry, key, expected);
  if (op === "remove") {
    if (!sub || sub === "value") return emails.filter((entry) => !selected(entry));
    return emails.map((entry) => {
      if (!selected(entry)) return entry;
      const { [sub as keyof ScimEmail]: _removed, ...rest } = entry;
      return rest as ScimEmail;
    });
  }
  // add / replace: change what the filter selects, or add the entry it describes (Entra's changed work address).
  const change = (entry: ScimEmail): ScimEmail | null =>
    sub ? entryOf({ ...entry, [sub]: value }) : entryOf(isObject(value) ? { ...entry, ...value } : value);
  if (emails.some(selected))
    return tidy(
      emails.map((entry) => (selected(entry) ? change(entry) : entry)).filter((e): e is ScimEmail => e !== null),
    );
  if (key === "type" && (!sub || sub === "value")) {
    const made = change({ value: "", type: expected.toLowerCase() });
    if (made) return tidy([...emails, emails.length === 0 ? { ...made, primary: true } : made]);
  }
  if (op === "add" && !sub) {
    const made = change({ value: "" });
    if (made) return tidy([...emails, made]);
  }
  throw new ScimError(400, scimMessages.noTarget, "noTarget");
}
