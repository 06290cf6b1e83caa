/** Helpers for SCIM's tests (docs/decisions/048): a token made by the admin, and calls to /scim/v2 with it as an IdP makes them. */
import { eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Db } from "#server/db/client.ts";
import { ssoDomains } from "#server/db/schema/index.ts";
import { verifiedDomain } from "./sso.ts";

type As = (request: InjectOptions) => Promise<LightMyRequestResponse>;

export const SCIM_USER = "urn:ietf:params:scim:schemas:core:2.0:User";
export const SCIM_ENTERPRISE = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const SCIM_GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const SCIM_PATCH = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const SCIM_LIST = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const SCIM_ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";

/** The admin (`as`) makes the company's SCIM token; returns its id, prefix and the secret shown once. */
export async function createScimToken(as: As, companyId: string) {
  const response = await as({ method: "POST", url: `/api/admin/companies/${companyId}/scim/token` });
  if (response.statusCode !== 201) throw new Error(`scim token: ${response.statusCode} ${response.body}`);
  const body = response.json() as { token: { id: string; prefix: string }; secret: string };
  return { id: body.token.id, prefix: body.token.prefix, secret: body.secret };
}

/**
 * Gives the company the verified domain its IdP's people are in (a token creates people only there, or from the roster:
 * docs/decisions/056). A domain is one company's, so each test's new company takes it over from the previous test's.
 */
export async function takeDomain(admin: { as: As }, db: Db, companyId: string, domain: string) {
  await db.delete(ssoDomains).where(eq(ssoDomains.domain, domain));
  await verifiedDomain(admin, companyId, domain);
}

/** Calls /scim/v2 as an identity provider: the bearer token, application/scim+json, no cookie. */
export function asIdp(app: FastifyInstance, secret: string) {
  return (method: InjectOptions["method"], path: string, body?: unknown) =>
    app.inject({
      method,
      url: `/scim/v2${path}`,
      headers: {
        authorization: `Bearer ${secret}`,
        ...(body !== undefined && { "content-type": "application/scim+json" }),
      },
      ...(body !== undefined && { payload: JSON.stringify(body) }),
    });
}

export const patchOf = (...operations: unknown[]) => ({ schemas: [SCIM_PATCH], Operations: operations });
