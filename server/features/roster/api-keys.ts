/**
 * The HR API's caller (docs/decisions/044): not a person with a session but
 * a company's key, sent as `Authorization: Bearer sereno_live_…`. Only the
 * key's SHA-256 is stored, so a leaked table holds no usable key. Each call
 * counts against the key's own limit (the shared rate_limits table) and
 * stamps when the key was last used. Cookies are never read here: a signed-in
 * browser is not an HR system.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { resultadosMessages } from "#core/resultados-messages.ts";
import { rosterApiMessages } from "#core/roster-api-messages.ts";
import { companies, rosterApiKeys } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { consume, defineAccess, type LimitRule } from "#server/features/auth/index.ts";
import type { Importer } from "./preview-import.ts";

const KEY_PREFIX = "sereno_live_";
const SHOWN_CHARACTERS = 6;

/** What a company key opens (docs/decisions/044, 088), and how each kind's secret begins. */
export type ApiKeyKind = "hr" | "resultados";
export const keyPrefixOf: Record<ApiKeyKind, string> = { hr: KEY_PREFIX, resultados: "sereno_bi_" };
const bearerOf = (prefix: string) => new RegExp(`^Bearer\\s+(${prefix}[A-Za-z0-9_-]{43})\\s*$`);
const KEY_PATTERN = bearerOf(KEY_PREFIX);

/** Per key: enough for an HR system pushing changes one by one, not for hammering the database. */
const hrApiLimit: LimitRule = { max: 120, windowSeconds: 60 };

/** SHA-256 (hex) of a whole key: also the SCIM tokens' hash (docs/decisions/048). */
export function hashApiKey(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/**
 * A new key: 256 random bits after `keyPrefix` ('sereno_live_', or the SCIM tokens' 'sereno_scim_'); the
 * caller stores `secretHash` and shows `secret` once.
 */
export function makeApiKey(keyPrefix = KEY_PREFIX) {
  const secret = `${keyPrefix}${randomBytes(32).toString("base64url")}`;
  return { secret, secretHash: hashApiKey(secret), prefix: secret.slice(0, keyPrefix.length + SHOWN_CHARACTERS) };
}

/** How a key signs what it does in the Registro de acessos and on imports. */
function keyImporter(key: { name: string; prefix: string }): Importer {
  return { userId: null, email: `API de RH: ${key.name} (${key.prefix}…)` };
}

/** A company's HR API key (docs/decisions/044), sent as a bearer token: the /api/v1 routes declare it. */
export const hrKey = defineAccess("hrKey", async (request) => {
  const { db } = request.server.deps;
  const match = KEY_PATTERN.exec(request.headers.authorization ?? "");
  if (!match?.[1]) throw new AppError("UNAUTHENTICATED", rosterApiMessages.keyMissing);
  const [found] = await db
    .select({ key: rosterApiKeys, company: companies })
    .from(rosterApiKeys)
    .innerJoin(companies, eq(companies.id, rosterApiKeys.companyId))
    .where(
      and(
        eq(rosterApiKeys.secretHash, hashApiKey(match[1])),
        eq(rosterApiKeys.kind, "hr"),
        isNull(rosterApiKeys.revokedAt),
      ),
    );
  if (!found) throw new AppError("UNAUTHENTICATED", rosterApiMessages.keyInvalid);
  const limit = await consume(db, `hr-api:${found.key.id}`, hrApiLimit);
  if (!limit.allowed)
    throw new AppError(
      "TOO_MANY_REQUESTS",
      rosterApiMessages.tooManyRequests(hrApiLimit.max, limit.retryAfterSeconds),
      {
        retryAfterSeconds: limit.retryAfterSeconds,
      },
    );
  await db.update(rosterApiKeys).set({ lastUsedAt: sql`now()` }).where(eq(rosterApiKeys.id, found.key.id));
  return { key: found.key, company: found.company, importer: keyImporter(found.key) };
});

/** The Resultados feed's limit per key: a BI tool refreshing a few datasets, not a scraper. */
const feedLimit: LimitRule = { max: 60, windowSeconds: 60 };
const FEED_PATTERN = bearerOf(keyPrefixOf.resultados);

/**
 * A company's Resultados feed key (docs/decisions/088): read-only, it opens the stored aggregate figures and
 * nothing else. Also accepted as HTTP basic auth with the key as the password, which is how Power BI's and
 * Excel's 'Da Web' sends a secret it keeps (Básico: any user name, the key as the password).
 */
export const resultadosKey = defineAccess("resultadosKey", async (request) => {
  const { db } = request.server.deps;
  const header = request.headers.authorization ?? "";
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/.exec(header)?.[1];
  const fromBasic = basic ? Buffer.from(basic, "base64").toString("utf8").split(":").slice(1).join(":") : null;
  const secret = FEED_PATTERN.exec(header)?.[1] ?? (fromBasic && FEED_PATTERN.exec(`Bearer ${fromBasic}`)?.[1]);
  if (!secret) throw new AppError("UNAUTHENTICATED", resultadosMessages.keyMissing);
  const [found] = await db
    .select({ key: rosterApiKeys, company: companies })
    .from(rosterApiKeys)
    .innerJoin(companies, eq(companies.id, rosterApiKeys.companyId))
    .where(
      and(
        eq(rosterApiKeys.secretHash, hashApiKey(secret)),
        eq(rosterApiKeys.kind, "resultados"),
        isNull(rosterApiKeys.revokedAt),
      ),
    );
  if (!found) throw new AppError("UNAUTHENTICATED", resultadosMessages.keyInvalid);
  const limit = await consume(db, `resultados-feed:${found.key.id}`, feedLimit);
  if (!limit.allowed)
    throw new AppError("TOO_MANY_REQUESTS", rosterApiMessages.tooManyRequests(feedLimit.max, limit.retryAfterSeconds), {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  await db.update(rosterApiKeys).set({ lastUsedAt: sql`now()` }).where(eq(rosterApiKeys.id, found.key.id));
  return { key: found.key, company: found.company };
});
