/**
 * Administração › a company › Lembretes por WhatsApp (docs/decisions/092): the platform admin
 * connects the company's WhatsApp Business number (phone-number id, token, app secret; the two
 * secrets sealed like the SSO ones) and sets the company's working days, which bind every channel.
 * Every change is in the Registro de acessos, never with a secret; the shared GET / PUT / DELETE are
 * the chat connection's (docs/decisions/103).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  whatsappConnectionInputSchema,
  whatsappSettingsSchema,
  workingDaysInputSchema,
} from "#core/schemas/whatsapp.ts";
import { serverMessages } from "#core/server-messages.ts";
import { whatsappMessages } from "#core/whatsapp-messages.ts";
import { companies, whatsappConnections } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { chatConnectionRoutes, companyParams } from "#server/features/chat-connection/index.ts";

export async function whatsappAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const settingsOf = chatConnectionRoutes(app, {
    channel: "whatsapp",
    table: whatsappConnections,
    body: whatsappConnectionInputSchema,
    settings: whatsappSettingsSchema,
    summaries: {
      get: "WhatsApp da empresa e dias de trabalho (sem segredos), com o endereço do webhook para a Meta",
      put: "Conecta o número de WhatsApp Business da empresa; o token e a chave do app são guardados cifrados",
      delete: "Desconecta o WhatsApp da empresa: nenhum lembrete sai mais por ele",
    },
    secrets: { accessToken: whatsappMessages.tokenRequired, appSecret: whatsappMessages.appSecretRequired },
    fields: ({ phoneNumberId }) => ({ phoneNumberId }),
    created: () => ({ verifyToken: randomBytes(18).toString("base64url") }),
    view: (row, company, appUrl) => ({
      connection: row ? { phoneNumberId: row.phoneNumberId, hasAccessToken: true, hasAppSecret: true } : null,
      webhookUrl: `${appUrl}/api/whatsapp/webhook/${company.id}`,
      verifyToken: row?.verifyToken ?? null,
      workingDays: company.workingDays,
    }),
    removed: whatsappMessages.removed,
  });

  app.put(
    "/api/admin/companies/:id/working-days",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Dias de trabalho da empresa: nenhum lembrete sai nos outros, por nenhum canal",
        params: companyParams,
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
      return settingsOf(companyId);
    },
  );
}
