/**
 * The SCIM caller (docs/decisions/048): a company's identity provider, sent
 * as `Authorization: Bearer sereno_scim_…`. The token is made and hashed
 * with the HR API's helpers (044); cookies are never read here. Each call
 * counts against the token's own limit and stamps when it was last used.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { scimMessages } from "#core/scim-messages.ts";
import { companies, scimTokens } from "#server/db/schema/index.ts";
import { consume, type LimitRule } from "#server/features/auth/index.ts";
import { hashApiKey, makeApiKey } from "#server/features/roster/index.ts";
import { ScimError } from "./scim-errors.ts";

const TOKEN_PREFIX = "sereno_scim_";
const TOKEN_PATTERN = /^Bearer\s+(sereno_scim_[A-Za-z0-9_-]{43})\s*$/i;

/** Entra ID's first cycle sends a few calls per person; 600 a minute lets a 5,000-person company in within the hour. */
const scimLimit: LimitRule = { max: 600, windowSeconds: 60 };

export function makeScimToken() {
  return makeApiKey(TOKEN_PREFIX);
}

export async function requireScimToken(request: FastifyRequest) {
  const { db } = request.server.deps;
  const header = request.headers.authorization ?? "";
  const match = TOKEN_PATTERN.exec(header);
  if (!match?.[1]) throw new ScimError(401, header ? scimMessages.tokenInvalid : scimMessages.tokenMissing);
  const [found] = await db
    .select({ token: scimTokens, company: companies })
    .from(scimTokens)
    .innerJoin(companies, eq(companies.id, scimTokens.companyId))
    .where(and(eq(scimTokens.secretHash, hashApiKey(match[1])), isNull(scimTokens.revokedAt)));
  if (!found) throw new ScimError(401, scimMessages.tokenInvalid);
  const limit = await consume(db, `scim:${found.token.id}`, scimLimit);
  if (!limit.allowed) {
    request.server.log.warn({ tokenId: found.token.id }, "scim token over its limit");
    throw new ScimError(
      429,
      scimMessages.tooManyRequests(scimLimit.max, limit.retryAfterSeconds),
      undefined,
      limit.retryAfterSeconds,
    );
  }
  await db.update(scimTokens).set({ lastUsedAt: sql`now()` }).where(eq(scimTokens.id, found.token.id));
  return {
    token: found.token,
    company: found.company,
    actor: { userId: null, email: `SCIM (${found.token.prefix}…)` } as const,
  };
}
