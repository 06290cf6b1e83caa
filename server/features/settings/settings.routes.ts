import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isReminderInQuietHours } from "#core/reminders.ts";
import { meSchema, updateMeInputSchema } from "#core/schemas/me.ts";
import { serverMessages } from "#core/server-messages.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { whatsappMessages } from "#core/whatsapp-messages.ts";
import type { Db } from "#server/db/client.ts";
import { profiles, whatsappNumbers } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, signedIn } from "#server/features/auth/index.ts";

async function hasConfirmedWhatsapp(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: whatsappNumbers.status })
    .from(whatsappNumbers)
    .where(and(eq(whatsappNumbers.userId, userId), eq(whatsappNumbers.status, "confirmed")));
  return Boolean(row);
}

export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    "/api/me",
    {
      config: { access: signedIn },
      schema: { tags: ["conta"], summary: "O usuário conectado (spec 3)", response: { 200: meSchema } },
    },
    async (request) => {
      const { userId: _u, sessionId: _s, ...me } = callerOf(request, signedIn);
      return me;
    },
  );

  app.patch(
    "/api/me",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conta"],
        summary: "Atualiza nome, notificações ou tema",
        body: updateMeInputSchema,
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const { notificationPreferences: changed, ...input } = request.body;
      // Only the preferences sent change; the whole result is checked before anything is saved.
      const notificationPreferences = changed && { ...viewer.notificationPreferences, ...changed };
      if (notificationPreferences && isReminderInQuietHours(notificationPreferences)) {
        throw new AppError("VALIDATION", settingsMessages.reminderInQuietHours, { field: "reminderTime" });
      }
      // WhatsApp is turned on by confirming a number's code (docs/decisions/092); back on here only if still confirmed.
      if (changed?.whatsapp && !(await hasConfirmedWhatsapp(db, viewer.userId))) {
        throw new AppError("VALIDATION", whatsappMessages.notConfirmed, { field: "whatsapp" });
      }
      const [row] = await db
        .update(profiles)
        .set({ ...input, ...(notificationPreferences && { notificationPreferences }), updatedAt: sql`now()` })
        .where(eq(profiles.userId, viewer.userId))
        .returning();
      if (!row) throw new AppError("NOT_FOUND", serverMessages.notFound);
      const { userId: _u, sessionId: _s, ...me } = viewer;
      return {
        ...me,
        name: row.name,
        themePreference: row.themePreference,
        notificationPreferences: { ...me.notificationPreferences, ...row.notificationPreferences },
      };
    },
  );
}
