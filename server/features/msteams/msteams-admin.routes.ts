/**
 * Administração › a company › Lembretes pelo Teams (docs/decisions/095): the platform admin sets the
 * company's Azure Bot (Microsoft App ID, tenant, client secret sealed like the SSO ones) and downloads the
 * app package IT installs. Every change is in the Registro de acessos, never with the secret; the shared
 * GET / PUT / DELETE are the chat connection's (docs/decisions/103).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { msteamsMessages } from "#core/msteams-messages.ts";
import { msteamsConnectionInputSchema, msteamsSettingsSchema } from "#core/schemas/msteams.ts";
import { msteamsConnections } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { chatConnectionRoutes, companyParams } from "#server/features/chat-connection/index.ts";
import { appPackage } from "./app-package.ts";

export async function msteamsAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const settingsOf = chatConnectionRoutes(app, {
    channel: "msteams",
    table: msteamsConnections,
    body: msteamsConnectionInputSchema,
    settings: msteamsSettingsSchema,
    summaries: {
      get: "O bot do Teams da empresa (sem o segredo), com o endereço de mensagens para o Azure",
      put: "Conecta o bot do Teams da empresa; o segredo do cliente é guardado cifrado",
      delete: "Desconecta o Teams da empresa: nenhum lembrete sai mais por ele",
    },
    secrets: { clientSecret: msteamsMessages.clientSecretRequired },
    fields: ({ appId, tenantId }) => ({ appId: appId.toLowerCase(), tenantId: tenantId.toLowerCase() }),
    view: (row, company, appUrl) => ({
      connection: row ? { appId: row.appId, tenantId: row.tenantId, hasClientSecret: true } : null,
      messagingEndpoint: `${appUrl}/api/msteams/messages/${company.id}`,
    }),
    removed: msteamsMessages.removed,
  });

  app.get(
    "/api/admin/companies/:id/msteams/package",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Baixa o pacote do app do Teams (manifest.json e ícones, .zip) para o TI da empresa instalar",
        params: companyParams,
      },
    },
    async (request, reply) => {
      callerOf(request, admin);
      const { connection } = await settingsOf(request.params.id);
      if (!connection) throw new AppError("CONFLICT", msteamsMessages.notConnected);
      return reply
        .type("application/zip")
        .header("content-disposition", 'attachment; filename="sereno-teams.zip"')
        .send(Buffer.from(appPackage(connection.appId, app.deps.env.APP_URL)));
    },
  );
}
