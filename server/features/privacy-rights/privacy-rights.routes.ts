/**
 * The member's own privacy (LGPD art. 18, docs/decisions/015): what Settings
 * shows, giving and revoking the wellbeing-data consent; the export and the
 * account deletion are registered from their own files.
 */
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { consentResultSchema, giveConsentInputSchema, privacySummarySchema } from "#core/schemas/privacy-rights.ts";
import { serverMessages } from "#core/server-messages.ts";
import { account, companies, consentEvents } from "#server/db/schema/index.ts";
import { callerOf, signedIn } from "#server/features/auth/index.ts";
import { budgetOf } from "#server/features/disclosure/index.ts";
import { accountDeletionRoutes } from "./account-deletion.routes.ts";
import { recordConsent } from "./consent.ts";
import { exportRoutes } from "./export.routes.ts";

export async function privacyRightsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.get(
    "/api/me/privacy",
    {
      config: { access: signedIn },
      schema: {
        tags: ["privacidade"],
        summary: "Consentimento, histórico de consentimentos e empresa de quem pede",
        response: { 200: privacySummarySchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const [company, history, credential, budget] = await Promise.all([
        viewer.companyId
          ? db.select({ name: companies.name }).from(companies).where(eq(companies.id, viewer.companyId))
          : Promise.resolve([]),
        db
          .select({ kind: consentEvents.kind, version: consentEvents.version, at: consentEvents.at })
          .from(consentEvents)
          .where(eq(consentEvents.userId, viewer.userId))
          .orderBy(asc(consentEvents.at)),
        db
          .select({ id: account.id })
          .from(account)
          .where(and(eq(account.userId, viewer.userId), eq(account.providerId, "credential"))),
        budgetOf(db, viewer.userId, now()),
      ]);
      return {
        companyName: company[0]?.name ?? null,
        currentConsentVersion: WELLBEING_CONSENT_VERSION,
        consent: viewer.wellbeingConsent,
        consentHistory: history.map((event) => ({ ...event, at: new Date(event.at).toISOString() })),
        hasPassword: credential.length > 0,
        budget,
      };
    },
  );

  app.post(
    "/api/me/consent",
    {
      config: { access: signedIn },
      schema: {
        tags: ["privacidade"],
        summary: "Dá o consentimento para dados de bem-estar (versão atual do termo)",
        body: giveConsentInputSchema,
        response: { 200: consentResultSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const event = await recordConsent(db, viewer.userId, "given", request.body.version);
      return {
        consent: { version: event.version, at: new Date(event.at).toISOString() },
        message: serverMessages.consentGiven,
      };
    },
  );

  app.delete(
    "/api/me/consent",
    {
      config: { access: signedIn },
      schema: {
        tags: ["privacidade"],
        summary: "Revoga o consentimento: nenhum dado de bem-estar novo é registrado",
        response: { 200: consentResultSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      // Revoking twice records nothing new: the history says what changed, not how often the button was pressed.
      if (viewer.wellbeingConsent) {
        await recordConsent(db, viewer.userId, "revoked", viewer.wellbeingConsent.version);
      }
      return { consent: null, message: serverMessages.consentRevoked };
    },
  );

  await app.register(exportRoutes);
  await app.register(accountDeletionRoutes);
}
