/**
 * Integração com o sistema de RH (Equipe › Importar pessoas): a company's
 * manager, or an admin for any company, lists, creates and revokes the HR
 * API's keys. The whole key leaves the server once, in the creation's reply;
 * each creation and revocation is in the Registro de acessos. The Resultados
 * feed's keys (docs/decisions/088) are the same machinery of another kind:
 * `apiKeyRoutes(kind)` serves both, each kind listing and revoking its own.
 */
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { rosterApiMessages } from "#core/roster-api-messages.ts";
import { rosterCompanyQuerySchema } from "#core/schemas/roster.ts";
import { apiKeyInputSchema, apiKeySchema, apiKeysSchema, createdApiKeySchema } from "#core/schemas/roster-api.ts";
import { rosterApiKeys } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import type { AuditAction } from "#server/features/audit/index.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";
import { type ApiKeyKind, keyPrefixOf, makeApiKey } from "./api-keys.ts";

const ACTIVE_KEYS_MAX = 10;

function keyView(key: typeof rosterApiKeys.$inferSelect) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    createdByEmail: key.createdByEmail,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

type KindRoutes = {
  path: string;
  tag: string;
  what: string;
  audit: { create: AuditAction; revoke: AuditAction };
};

const kindRoutes: Record<ApiKeyKind, KindRoutes> = {
  hr: {
    path: "/api/roster/api-keys",
    tag: "pessoas",
    what: "da API de RH",
    audit: { create: "roster.api-key.create", revoke: "roster.api-key.revoke" },
  },
  resultados: {
    path: "/api/resultados/api-keys",
    tag: "resultados",
    what: "do painel de Resultados (Power BI, Excel; só leitura)",
    audit: { create: "resultados.api-key.create", revoke: "resultados.api-key.revoke" },
  },
};

export const rosterApiKeyRoutes = apiKeyRoutes("hr");

/** A kind's three routes: list (with each key's last use), create (the secret shown once), revoke. */
export function apiKeyRoutes(kind: ApiKeyKind) {
  const { path, tag, what, audit } = kindRoutes[kind];
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps;
    const ofKind = eq(rosterApiKeys.kind, kind);

    app.get(
      path,
      {
        config: { access: companyManager },
        schema: {
          tags: [tag],
          summary: `Chaves ${what} da empresa (sem o segredo): nome, início, criação, último uso e revogação`,
          querystring: rosterCompanyQuerySchema,
          response: { 200: apiKeysSchema },
        },
      },
      async (request) => {
        const { company } = callerOf(request, companyManager);
        const keys = await db
          .select()
          .from(rosterApiKeys)
          .where(and(eq(rosterApiKeys.companyId, company.id), ofKind))
          .orderBy(desc(rosterApiKeys.createdAt));
        return { items: keys.map(keyView) };
      },
    );

    app.post(
      path,
      {
        config: { access: companyManager },
        schema: {
          tags: [tag],
          summary: `Cria uma chave ${what}; a chave inteira só aparece nesta resposta`,
          querystring: rosterCompanyQuerySchema,
          body: apiKeyInputSchema,
          response: { 201: createdApiKeySchema },
        },
      },
      async (request, reply) => {
        const { viewer, company } = callerOf(request, companyManager);
        const made = makeApiKey(keyPrefixOf[kind]);
        const created = await db.transaction(async (tx) => {
          const [active] = await tx
            .select({ n: count() })
            .from(rosterApiKeys)
            .where(and(eq(rosterApiKeys.companyId, company.id), ofKind, isNull(rosterApiKeys.revokedAt)));
          if ((active?.n ?? 0) >= ACTIVE_KEYS_MAX) throw new AppError("CONFLICT", rosterApiMessages.keysTooMany);
          const [key] = await tx
            .insert(rosterApiKeys)
            .values({
              companyId: company.id,
              kind,
              name: request.body.name,
              prefix: made.prefix,
              secretHash: made.secretHash,
              createdBy: viewer.userId,
              createdByEmail: viewer.email,
            })
            .returning();
          if (!key) throw new Error("api key insert returned nothing");
          await writeAudit(tx as never, viewer, audit.create, {
            type: "api-key",
            id: key.id,
            companyId: company.id,
            details: { nome: key.name, inicio: key.prefix },
          });
          return key;
        });
        reply.status(201);
        return { key: keyView(created), secret: made.secret, message: rosterApiMessages.keyCreated };
      },
    );

    app.delete(
      `${path}/:id`,
      {
        config: { access: companyManager },
        schema: {
          tags: [tag],
          summary: `Revoga uma chave ${what}: as chamadas seguintes com ela recebem 401`,
          params: z.object({ id: z.uuid({ error: rosterApiMessages.keyNotFound }) }).strict(),
          querystring: rosterCompanyQuerySchema,
          response: { 200: apiKeySchema },
        },
      },
      async (request) => {
        const { viewer, company } = callerOf(request, companyManager);
        return db.transaction(async (tx) => {
          const [key] = await tx
            .select()
            .from(rosterApiKeys)
            .where(and(eq(rosterApiKeys.id, request.params.id), eq(rosterApiKeys.companyId, company.id), ofKind))
            .for("update");
          if (!key) throw new AppError("NOT_FOUND", rosterApiMessages.keyNotFound);
          if (key.revokedAt) throw new AppError("CONFLICT", rosterApiMessages.keyAlreadyRevoked);
          const [revoked] = await tx
            .update(rosterApiKeys)
            .set({ revokedAt: sql`now()` })
            .where(eq(rosterApiKeys.id, key.id))
            .returning();
          await writeAudit(tx as never, viewer, audit.revoke, {
            type: "api-key",
            id: key.id,
            companyId: company.id,
            details: { nome: key.name, inicio: key.prefix },
          });
          return keyView(revoked ?? key);
        });
      },
    );
  };
}
