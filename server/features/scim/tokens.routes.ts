/**
 * Provisionamento (SCIM) in Administração: the platform admin makes a
 * company's one SCIM token (a new one replaces the active one), sees when it
 * was last used, and revokes it. The whole token leaves the server once, in
 * the creation's reply; each change is in the Registro de acessos.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyIdParamsSchema } from "#core/schemas/admin.ts";
import { createdScimTokenSchema, scimSettingsSchema, scimTokenSchema } from "#core/schemas/scim.ts";
import { scimMessages } from "#core/scim-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { companies, scimTokens } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import type { Viewer } from "#server/features/auth/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { transaction } from "#server/features/roster/index.ts";
import { makeScimToken } from "./scim-token.ts";

/** The active token and the last revoked ones: enough to see what changed, not a history. */
const SHOWN_TOKENS = 5;

function tokenView(token: typeof scimTokens.$inferSelect) {
  return {
    id: token.id,
    prefix: token.prefix,
    createdByEmail: token.createdByEmail,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    revokedAt: token.revokedAt?.toISOString() ?? null,
  };
}

/** Revokes the company's active token, if any, with its audit entry; returns it. */
async function revokeActive(tx: Db, viewer: Viewer, companyId: string) {
  const [revoked] = await tx
    .update(scimTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(scimTokens.companyId, companyId), isNull(scimTokens.revokedAt)))
    .returning();
  if (revoked)
    await writeAudit(tx, viewer, "scim.token.revoke", {
      type: "scim-token",
      id: revoked.id,
      companyId,
      details: { inicio: revoked.prefix },
    });
  return revoked;
}

export async function scimTokenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;

  const companyOf = async (id: string) => {
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
    if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
    return company;
  };

  app.get(
    "/api/admin/companies/:id/scim",
    {
      config: { access: admin },
      schema: {
        tags: ["administração"],
        summary: "Provisionamento SCIM da empresa: a URL base e o token ativo e os últimos revogados (sem o segredo)",
        params: companyIdParamsSchema,
        response: { 200: scimSettingsSchema },
      },
    },
    async (request) => {
      callerOf(request, admin);
      const company = await companyOf(request.params.id);
      const tokens = await db
        .select()
        .from(scimTokens)
        .where(eq(scimTokens.companyId, company.id))
        .orderBy(desc(scimTokens.createdAt))
        .limit(SHOWN_TOKENS);
      return { baseUrl: `${env.APP_URL.replace(/\/$/, "")}/scim/v2`, tokens: tokens.map(tokenView) };
    },
  );

  app.post(
    "/api/admin/companies/:id/scim/token",
    {
      config: { access: admin },
      schema: {
        tags: ["administração"],
        summary: "Gera o token SCIM da empresa (revoga o anterior); o token inteiro só aparece nesta resposta",
        params: companyIdParamsSchema,
        response: { 201: createdScimTokenSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, admin);
      const company = await companyOf(request.params.id);
      const made = makeScimToken();
      const { created, replaced } = await transaction(db, async (tx) => {
        await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id)).for("update");
        const replaced = await revokeActive(tx, viewer, company.id);
        const [created] = await tx
          .insert(scimTokens)
          .values({
            companyId: company.id,
            prefix: made.prefix,
            secretHash: made.secretHash,
            createdBy: viewer.userId,
            createdByEmail: viewer.email,
          })
          .returning();
        if (!created) throw new Error("scim token insert returned nothing");
        await writeAudit(tx, viewer, "scim.token.create", {
          type: "scim-token",
          id: created.id,
          companyId: company.id,
          details: { inicio: created.prefix },
        });
        return { created, replaced };
      });
      reply.status(201);
      return {
        token: tokenView(created),
        secret: made.secret,
        message: replaced ? scimMessages.tokenReplaced : scimMessages.tokenCreated,
      };
    },
  );

  app.delete(
    "/api/admin/companies/:id/scim/token",
    {
      config: { access: admin },
      schema: {
        tags: ["administração"],
        summary: "Revoga o token SCIM ativo da empresa: as chamadas seguintes com ele recebem 401",
        params: companyIdParamsSchema,
        response: { 200: scimTokenSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const company = await companyOf(request.params.id);
      const revoked = await transaction(db, (tx) => revokeActive(tx, viewer, company.id));
      if (!revoked) throw new AppError("NOT_FOUND", scimMessages.noActiveToken);
      return tokenView(revoked);
    },
  );
}
