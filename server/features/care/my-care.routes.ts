/**
 * What a member reads and sets of their own care (issue 13, docs/decisions/025): the sessions left in the cycle,
 * the e-mail that receives care notices, and resuming booking after a pause for no-shows.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { careTexts } from "#core/care-messages.ts";
import { careContactSchema, creditsSchema } from "#core/schemas/care.ts";
import { appointments, profiles } from "#server/db/schema/index.ts";
import { callerOf } from "#server/features/auth/index.ts";
import { careMember } from "./care-access.ts";
import { balanceOf } from "./credits.ts";

export async function myCareRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.get(
    "/api/care/credits",
    {
      config: { access: careMember },
      schema: {
        tags: ["cuidado"],
        summary: "Sessões disponíveis no ciclo atual (do livro de créditos)",
        response: { 200: creditsSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, careMember);
      const balance = await db.transaction(async (t) => balanceOf(t, viewer.userId, viewer.companyId, now()));
      const [profile] = await db
        .select({ pausedAt: profiles.carePausedAt })
        .from(profiles)
        .where(eq(profiles.userId, viewer.userId));
      return { ...balance, paused: Boolean(profile?.pausedAt) };
    },
  );

  const contactResponse = z.object({
    careEmail: z.string().nullable(),
    accountEmail: z.string(),
    /** False until the first booking (or a saved address): the booking then asks where notices go. */
    hasChosen: z.boolean(),
  });

  /** Whether the member already chose where care notices go: an address saved, or any booking made. */
  async function hasChosenContact(memberId: string, careEmail: string | null) {
    if (careEmail) return true;
    const [booked] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.memberId, memberId))
      .limit(1);
    return booked !== undefined;
  }

  app.get(
    "/api/care/contact",
    {
      config: { access: careMember },
      schema: {
        tags: ["cuidado"],
        summary: "O e-mail que recebe os avisos de cuidado",
        response: { 200: contactResponse },
      },
    },
    async (request) => {
      const viewer = callerOf(request, careMember);
      const [row] = await db
        .select({ careEmail: profiles.careEmail })
        .from(profiles)
        .where(eq(profiles.userId, viewer.userId));
      const careEmail = row?.careEmail ?? null;
      return { careEmail, accountEmail: viewer.email, hasChosen: await hasChosenContact(viewer.userId, careEmail) };
    },
  );

  app.put(
    "/api/care/contact",
    {
      config: { access: careMember },
      schema: {
        tags: ["cuidado"],
        summary: "Define um e-mail pessoal para os avisos de cuidado (vazio: o da conta)",
        body: careContactSchema,
        response: { 200: contactResponse },
      },
    },
    async (request) => {
      const viewer = callerOf(request, careMember);
      const careEmail = request.body.careEmail?.toLowerCase() ?? null;
      await db.update(profiles).set({ careEmail }).where(eq(profiles.userId, viewer.userId));
      return { careEmail, accountEmail: viewer.email, hasChosen: await hasChosenContact(viewer.userId, careEmail) };
    },
  );

  app.post(
    "/api/care/resume",
    {
      config: { access: careMember },
      schema: {
        tags: ["cuidado"],
        summary: "Retoma o agendamento pausado por faltas, aceitando de novo a regra de faltas",
        body: z.object({ acceptTerms: z.literal(true, { error: careTexts.termsRequired }) }).strict(),
        response: { 200: z.object({ paused: z.boolean() }) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, careMember);
      await db.update(profiles).set({ carePausedAt: null }).where(eq(profiles.userId, viewer.userId));
      return { paused: false };
    },
  );
}
