/**
 * Administração › a company › Lembretes pelo Teams (docs/decisions/095): the platform admin sets the
 * company's Azure Bot (Microsoft App ID, tenant, client secret sealed like the SSO ones) and downloads the
 * app package IT installs. Every change is in the Registro de acessos, never with the secret.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { msteamsMessages } from "#core/msteams-messages.ts";
import { companyIdParamsSchema } from "#core/schemas/admin.ts";
import { msteamsConnectionInputSchema, msteamsSettingsSchema } from "#core/schemas/msteams.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { companies, msteamsConnections } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { sealSecret } from "#server/features/sso/index.ts";
import { appPackage } from "./app-package.ts";

const okSchema = z.object({ message: z.string() });

async function settingsOf(db: Db, appUrl: string, companyId: string) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
  const [row] = await db.select().from(msteamsConnections).where(eq(msteamsConnections.companyId, companyId));
  return {
    connection: row ? { appId: row.appId, tenantId: row.tenantId, hasClientSecret: true } : null,
    messagingEndpoint: `${appUrl}/api/msteams/messages/${companyId}`,
  };
}

export async function msteamsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, ssoKey } = app.deps;
  const base = "/api/admin/companies/:id/msteams";

  app.get(
    base,
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "O bot do Teams da empresa (sem o segredo), com o endereço de mensagens para o Azure",
        params: companyIdParamsSchema,
        response: { 200: msteamsSettingsSchema },
      },
    },
    async (request) => {
      callerOf(request, admin);
      return settingsOf(db, env.APP_URL, request.params.id);
    },
  );

  app.put(
    base,
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Conecta o bot do Teams da empresa; o segredo do cliente é guardado cifrado",
        params: companyIdParamsSchema,
        body: msteamsConnectionInputSchema,
        response: { 200: msteamsSettingsSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const { id: companyId } = request.params;
      await settingsOf(db, env.APP_URL, companyId);
      const { appId, tenantId, clientSecret } = request.body;
      const [current] = await db.select().from(msteamsConnections).where(eq(msteamsConnections.companyId, companyId));
      if (!clientSecret && !current) {
        throw new AppError("VALIDATION", msteamsMessages.clientSecretRequired, { field: "clientSecret" });
      }
      const sealed = {
        appId: appId.toLowerCase(),
        tenantId: tenantId.toLowerCase(),
        clientSecret: clientSecret ? sealSecret(ssoKey, companyId, clientSecret) : (current?.clientSecret as string),
        updatedAt: sql`now()`,
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(msteamsConnections)
          .values({ companyId, ...sealed })
          .onConflictDoUpdate({ target: msteamsConnections.companyId, set: sealed });
        await writeAudit(tx, viewer, "msteams.configure", {
          type: "company",
          id: companyId,
          companyId,
          details: { appId: sealed.appId, tenantId: sealed.tenantId },
        });
      });
      return settingsOf(db, env.APP_URL, companyId);
    },
  );

  app.delete(
    base,
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Desconecta o Teams da empresa: nenhum lembrete sai mais por ele",
        params: companyIdParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const { id: companyId } = request.params;
      await settingsOf(db, env.APP_URL, companyId);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(msteamsConnections)
          .where(eq(msteamsConnections.companyId, companyId))
          .returning({ companyId: msteamsConnections.companyId });
        // Nothing to disconnect: no entry in the Registro de acessos for a removal that did not happen.
        if (removed.length === 0) throw new AppError("NOT_FOUND", msteamsMessages.alreadyRemoved);
        await writeAudit(tx, viewer, "msteams.remove", { type: "company", id: companyId, companyId });
      });
      return { message: msteamsMessages.removed };
    },
  );

  app.get(
    `${base}/package`,
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Baixa o pacote do app do Teams (manifest.json e ícones, .zip) para o TI da empresa instalar",
        params: companyIdParamsSchema,
      },
    },
    async (request, reply) => {
      callerOf(request, admin);
      const { connection } = await settingsOf(db, env.APP_URL, request.params.id);
      if (!connection) throw new AppError("CONFLICT", msteamsMessages.notConnected);
      return reply
        .type("application/zip")
        .header("content-disposition", 'attachment; filename="sereno-teams.zip"')
        .send(Buffer.from(appPackage(connection.appId, env.APP_URL)));
    },
  );
}
