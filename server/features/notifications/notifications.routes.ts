/**
 * One-click unsubscribe (docs/decisions/019, RFC 8058): mail clients POST
 * `List-Unsubscribe=One-Click` to the URL of the List-Unsubscribe header; a
 * person opening that URL in a browser (GET) is sent to the page
 * /descadastrar, which asks before it POSTs. No session needed: the token is
 * the proof. Turning a list off twice is the same as once.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { unsubscribeQuerySchema, unsubscribeResultSchema } from "#core/schemas/notifications.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { profiles } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { publicAccess } from "#server/features/auth/index.ts";
import { isUnsubscribeTokenValid } from "./unsubscribe-links.ts";

const preferenceOf = { lembretes: "reminders", resumo: "updates" } as const;

export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, unsubscribeKey } = app.deps;
  // Mail clients send a form body; the query carries everything, so the body is read and ignored.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    "/api/unsubscribe",
    {
      config: { access: publicAccess },
      schema: { tags: ["notificações"], summary: "Abre a página de descadastro", hide: true },
    },
    async (request, reply) => {
      const query = new URLSearchParams(request.query as Record<string, string>).toString();
      return reply.redirect(`/descadastrar?${query}`, 303);
    },
  );

  app.post(
    "/api/unsubscribe",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["notificações"],
        summary: "Descadastro em um clique (lembretes ou resumo semanal), sem login",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResultSchema },
      },
    },
    async (request) => {
      const { lista, u, t } = request.query;
      if (!isUnsubscribeTokenValid(unsubscribeKey, lista, u, t)) {
        throw new AppError("BAD_REQUEST", settingsMessages.unsubscribeInvalid);
      }
      const key = preferenceOf[lista];
      // One statement: only this preference changes, whatever else the person set meanwhile.
      await db
        .update(profiles)
        .set({
          notificationPreferences: sql`${profiles.notificationPreferences} || jsonb_build_object(${key}::text, false)`,
          updatedAt: sql`now()`,
        })
        .where(eq(profiles.userId, u));
      return { lista };
    },
  );
}
