/** What every /scim/v2 route shares: its OpenAPI tag and security scheme, the id parameter, the base URL and the caller's context. */
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { callerOf, defineAccess } from "#server/features/auth/index.ts";
import type { ScimContext } from "./scim-account.ts";
import { requireScimToken } from "./scim-token.ts";

export const scimDoc = { tags: ["scim"], security: [{ tokenScim: [] }] };
export const idParamsSchema = z.object({ id: z.string().max(100) });
export const listQuerySchema = z.object({
  filter: z.string().max(1000).optional(),
  startIndex: z.string().max(20).optional(),
  count: z.string().max(20).optional(),
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});
/** Any answer with a resource may be partial (RFC 7644 §3.9): POST, PUT and PATCH take these two as well. */
export const projectionQuerySchema = listQuerySchema.pick({ attributes: true, excludedAttributes: true });
/** A SCIM body: checked by the handler, so a refusal names the attribute in SCIM's own error schema. */
export const scimBodySchema = z.record(z.string(), z.unknown());

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function baseUrlOf(request: FastifyRequest): string {
  return `${request.server.deps.env.APP_URL.replace(/\/$/, "")}/scim/v2`;
}

/**
 * The SCIM caller (docs/decisions/068): every /scim/v2 route declares it. It is read
 * on request, before the body is parsed or checked: a caller without a token learns
 * nothing, not even whether its body would have passed.
 */
export const scimCaller = defineAccess(
  "scim",
  async (request): Promise<ScimContext & { tokenPrefix: string }> => {
    const { token, company, actor } = await requireScimToken(request);
    return { db: request.server.deps.db, company, actor, now: request.server.deps.now(), tokenPrefix: token.prefix };
  },
  "onRequest",
);

/** The caller of this request, as scimCaller found them. */
export function scimContext(request: FastifyRequest): ScimContext & { tokenPrefix: string } {
  return callerOf(request, scimCaller);
}
