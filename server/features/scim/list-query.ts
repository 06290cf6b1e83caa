/**
 * The list requests' query (RFC 7644 §3.4.2): one `attribute eq "value"`
 * filter, what identity providers send to find a resource before creating
 * it, and 1-based paging. Anything else is an `invalidFilter` 400.
 */
import { scimMessages } from "#core/scim-messages.ts";
import { ScimError } from "./scim-errors.ts";
import { LIST_SCHEMA } from "./user-resource.ts";
import { attribute, requireSchema } from "./values.ts";

const SEARCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:SearchRequest";

/** A list's query as GET carries it, or as a SearchRequest body (POST …/.search, RFC 7644 §3.4.3) does. */
export type ListQuery = {
  filter?: string;
  startIndex?: string;
  count?: string;
  attributes?: string | string[];
  excludedAttributes?: string | string[];
};

const EQ_FILTER = /^\s*([A-Za-z][A-Za-z0-9:._-]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;
const COUNT_MAX = 200;

/** `filter` read against the attributes a resource can be filtered by (lower-case name → the caller's key). */
export function readFilter<K extends string>(filter: string | undefined, allowed: Record<string, K>) {
  if (filter === undefined || filter.trim() === "") return null;
  const match = EQ_FILTER.exec(filter);
  const key = match?.[1] ? allowed[match[1].toLowerCase()] : undefined;
  if (!match || !key) throw new ScimError(400, scimMessages.invalidFilter, "invalidFilter");
  return { key, value: (match[2] ?? "").replace(/\\(.)/g, "$1") };
}

const textOrNothing = (value: unknown) =>
  value === undefined || value === null ? undefined : typeof value === "object" ? "?" : String(value);
const namesOrNothing = (value: unknown) => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((entry) => typeof entry === "string")) return value;
  throw new ScimError(400, scimMessages.invalidAttributes, "invalidValue");
};

/** A SearchRequest read into the same query a GET list takes; sortBy is ignored (sorting is not offered: 048). */
export function readSearchRequest(body: Record<string, unknown>): ListQuery {
  requireSchema(body, SEARCH_SCHEMA);
  const filter = attribute(body, "filter");
  if (filter !== undefined && filter !== null && typeof filter !== "string")
    throw new ScimError(400, scimMessages.invalidFilter, "invalidFilter");
  return {
    filter: filter ?? undefined,
    startIndex: textOrNothing(attribute(body, "startIndex")),
    count: textOrNothing(attribute(body, "count")),
    attributes: namesOrNothing(attribute(body, "attributes")),
    excludedAttributes: namesOrNothing(attribute(body, "excludedAttributes")),
  };
}

function integerOf(text: string | undefined, fallback: number): number {
  if (text === undefined || text === "") return fallback;
  if (!/^-?\d+$/.test(text.trim())) throw new ScimError(400, scimMessages.invalidPaging, "invalidValue");
  return Number(text);
}

/** startIndex is 1-based (below 1 counts as 1); count below 0 counts as 0, above 200 as 200. */
export function readPaging(query: { startIndex?: string; count?: string }) {
  const startIndex = Math.max(1, integerOf(query.startIndex, 1));
  const count = Math.min(COUNT_MAX, Math.max(0, integerOf(query.count, 100)));
  return { startIndex, count, offset: startIndex - 1 };
}

export function listResponse<T>(resources: T[], totalResults: number, startIndex: number) {
  return { schemas: [LIST_SCHEMA], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}
