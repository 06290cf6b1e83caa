/**
 * `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5, §3.9): which
 * attributes of a resource an answer carries. Names ignore case (RFC 7643
 * §2.1), may be sub-attributes (`name.givenName`, `emails.value`) and may be
 * written with their schema's URN (`urn:…:core:2.0:User:userName`,
 * `urn:…:enterprise:2.0:User:employeeNumber`). `id` and `schemas` are
 * always returned (RFC 7643 §3.1: returned "always").
 */
import { scimMessages } from "#core/scim-messages.ts";
import { ScimError } from "./scim-errors.ts";
import { isObject } from "./values.ts";

const ALWAYS = new Set(["id", "schemas"]);
const NAME = /^[a-z][a-z0-9:._$-]*$/i;

export type Projection = { attributes: string[]; excluded: string[] };

function namesOf(value: string | string[] | undefined): string[] {
  const list = Array.isArray(value) ? value : (value ?? "").split(",");
  const names = list.map((name) => String(name).trim()).filter(Boolean);
  if (names.some((name) => !NAME.test(name))) throw new ScimError(400, scimMessages.invalidAttributes, "invalidValue");
  return names;
}

export function readProjection(attributes?: string | string[], excluded?: string | string[]): Projection {
  return { attributes: namesOf(attributes), excluded: namesOf(excluded) };
}

/** Whether the answer carries the top-level attribute `name` (lets a caller skip reading it: a group's members). */
export function wantsAttribute(projection: Projection, name: string): boolean {
  const lower = name.toLowerCase();
  const names = (list: string[]) => list.map((path) => path.toLowerCase().split(":").pop()?.split(".")[0]);
  if (projection.attributes.length && !names(projection.attributes).includes(lower)) return false;
  return !projection.excluded.some((path) => path.toLowerCase().split(":").pop() === lower);
}

/** The path as [top-level key of the resource, sub-attribute?]: an extension's URN is its key; the core URN is dropped. */
function segmentsOf(resource: Record<string, unknown>, path: string, coreSchema: string): [string, string?] | null {
  let lower = path.toLowerCase();
  for (const key of Object.keys(resource)) {
    const urn = key.toLowerCase();
    if (!urn.startsWith("urn:")) continue;
    if (lower === urn) return [key];
    if (lower.startsWith(`${urn}:`)) return [key, lower.slice(urn.length + 1)];
  }
  const core = `${coreSchema.toLowerCase()}:`;
  if (lower.startsWith(core)) lower = lower.slice(core.length);
  const [top, sub] = lower.split(".", 2);
  const key = Object.keys(resource).find((name) => name.toLowerCase() === top);
  return key ? [key, sub] : null;
}

const subKeyOf = (value: Record<string, unknown>, sub: string) =>
  Object.keys(value).find((name) => name.toLowerCase() === sub);

function pick(value: unknown, sub: string): unknown {
  if (Array.isArray(value)) return value.map((entry) => pick(entry, sub));
  if (!isObject(value)) return undefined;
  const key = subKeyOf(value, sub);
  return key === undefined ? {} : { [key]: value[key] };
}

function drop(value: unknown, sub: string): unknown {
  if (Array.isArray(value)) return value.map((entry) => drop(entry, sub));
  if (!isObject(value)) return value;
  const key = subKeyOf(value, sub);
  if (key === undefined) return value;
  const { [key]: _dropped, ...rest } = value;
  return rest;
}

function merge(into: unknown, part: unknown): unknown {
  if (Array.isArray(into) && Array.isArray(part)) return into.map((entry, i) => merge(entry, part[i]));
  if (isObject(into) && isObject(part)) return { ...into, ...part };
  return part;
}

export function project(
  resource: Record<string, unknown>,
  projection: Projection,
  coreSchema: string,
): Record<string, unknown> {
  let result: Record<string, unknown> = resource;
  if (projection.attributes.length) {
    result = {};
    for (const key of Object.keys(resource)) if (ALWAYS.has(key)) result[key] = resource[key];
    for (const path of projection.attributes) {
      const segments = segmentsOf(resource, path, coreSchema);
      if (!segments) continue;
      const [key, sub] = segments;
      result[key] = sub ? merge(result[key], pick(resource[key], sub)) : resource[key];
    }
  }
  for (const path of projection.excluded) {
    const segments = segmentsOf(result, path, coreSchema);
    if (!segments || ALWAYS.has(segments[0])) continue;
    const [key, sub] = segments;
    if (sub) result = { ...result, [key]: drop(result[key], sub) };
    else {
      const { [key]: _dropped, ...rest } = result;
      result = rest;
    }
  }
  return result;
}
