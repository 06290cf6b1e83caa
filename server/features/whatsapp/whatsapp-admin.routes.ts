/**
 * Administração › a company › Lembretes por WhatsApp (docs/decisions/092): the platform admin
 * connects the company's WhatsApp Business number (phone-number id, token, app secret; the two
 * secrets sealed like the SSO ones) and sets the company's working days, which bind every channel.
 * Every change is in the Registro de acessos, never with a secret.
 */
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { companyIdParamsSchema } from "#core/schemas/admin.ts";
import {
  whatsappConnectionInputSchema,
  whatsappSettingsSchema,
  workingDaysInputSchema,
} from "#core/schemas/whatsapp.ts";
import { serverMessages } from "#core/server-messages.ts";
import { whatsappMessages } from "#core/whatsapp-messages.ts";
import type { Db } from "#server/db/client.ts";
import { companies, whatsappConnections } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { sealSecret } from "#server/features/sso/index.ts";

const okSchema = z.object({ message: z.string() });

async function settingsOf(db: Db, appUrl: string, companyId: string) {
  const [company] = await db
    .select({ workingDays: companies.workingDays })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
  const [row] = await db.select().from(whatsappConnections).where(eq(whatsappConnections.companyId, companyId));
  return {
    connection: row ? { phoneNumberId: row.phoneNumberId, hasAccessToken: true, hasAppSecret: true } : null,
    webhookUrl: `${appUrl}/api/whatsapp/webhook/${companyId}`,
    verifyToken: row?.verifyToken ?? null,
    workingDays: company.workingDays,
  };
}

export async function whatsappAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, ssoKey } = app.deps;
  const base = "/api/admin/companies/:id/whatsapp";

  app.get(
    base,
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "WhatsApp da empresa e dias de trabalho (sem segredos), com o endereço do webhook para a Meta",
        params: companyIdParamsSchema,
        response: { 200: whatsappSettingsSchema },
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
        summary: "Conecta o número de WhatsApp Business da empresa; o token e a chave do app são guardados cifrados",
        params: companyIdParamsSchema,
        body: whatsappConnectionInputSchema,
        response: { 200: whatsappSettingsSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const { id: companyId } = request.params;
      await settingsOf(db, env.APP_URL, companyId);
      const { phoneNumberId, accessToken, appSecret } = request.body;
      const [current] = await db.select().from(whatsappConnections).where(eq(whatsappConnections.companyId, companyId));
      if (!accessToken && !current)
        throw new AppError("VALIDATION", whatsappMessages.tokenRequired, { field: "accessToken" });
      if (!appSecret && !current)
        throw new AppError("VALIDATION", whatsappMessages.appSecretRequired, { field: "appSecret" });
      const sealed = {
        phoneNumberId,
        accessToken: accessToken ? sealSecret(ssoKey, companyId, accessToken) : (current?.accessToken as string),
        appSecret: appSecret ? sealSecret(ssoKey, companyId, appSecret) : (current?.appSecret as string),
        updatedAt: sql`now()`,
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(whatsappConnections)
          .values({ companyId, verifyToken: randomBytes(18).toString("base64url"), ...sealed })
          .onConflictDoUpdate({ target: whatsappConnections.companyId, set: sealed });
        await writeAudit(tx, viewer, "whatsapp.configure", {
          type: "company",
          id: companyId,
          companyId,
          details: { phoneNumberId },
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
        summary: "Desconecta o WhatsApp da empresa: nenhum lembrete sai mais por ele",
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
          .delete(whatsappConnections)
          .where(eq(whatsappConnections.companyId, companyId))
          .returning({ companyId: whatsappConnections.companyId });
        // Nothing to disconnect: no entry in the Registro de acessos for a removal that did not happen.
        if (removed.length === 0) throw new AppError("NOT_FOUND", whatsappMessages.alreadyRemoved);
        await writeAudit(tx, viewer, "whatsapp.remove", { type: "company", id: companyId, companyId });
      });
      return { message: whatsappMessages.removed };
    },
  );

  app.put(
    "/api/admin/companies/:id/working-days",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Dias de trabalho da empresa: nenhum lembrete sai nos outros, por nenhum canal",
        params: companyIdParamsSchema,
        body: workingDaysInputSchema,
        response: { 200: whatsappSettingsSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const { id: companyId } = request.params;
      const workingDays = [...request.body.workingDays].sort();
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(companies)
          .set({ workingDays })
          .where(eq(companies.id, companyId))
          .returning({ id: companies.id });
        if (updated.length === 0) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
        await writeAudit(tx, viewer, "company.working-days", {
          type: "company",
          id: companyId,
          companyId,
          details: { workingDays: workingDays.join(",") },
        });
      });
      return settingsOf(db, env.APP_URL, companyId);
    },
  );
}
