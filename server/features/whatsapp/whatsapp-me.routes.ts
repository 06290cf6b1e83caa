/**
 * Configurações › Lembretes › WhatsApp (docs/decisions/092): the member's own number, confirmed by
 * a code WhatsApp delivers, and the opt-out. Only the member reads or changes it; no manager or
 * admin route returns who chose WhatsApp.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { myWhatsappSchema, whatsappCodeInputSchema, whatsappNumberInputSchema } from "#core/schemas/whatsapp.ts";
import { serverMessages } from "#core/server-messages.ts";
import { maskWhatsappNumber, normalizeWhatsappNumber } from "#core/whatsapp.ts";
import { whatsappMessages } from "#core/whatsapp-messages.ts";
import { whatsappConnections, whatsappNumbers } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, consume, defineAccess, requireRole } from "#server/features/auth/index.ts";
import { confirmCode, optOut, requestCode } from "./whatsapp-numbers.ts";

/** A member of a company (user or manager): only they receive check-in reminders. */
const companyMember = defineAccess("roles", async (request) => {
  const viewer = await requireRole(request, "user", "manager");
  if (!viewer.companyId) throw new AppError("NO_COMPANY", serverMessages.careNeedsCompany);
  return { ...viewer, companyId: viewer.companyId };
});

const okSchema = z.object({ message: z.string() });
/** Codes a person may ask for in an hour: each one is a paid message on the company's number. */
const codeLimit = { max: 5, windowSeconds: 3600 };

export async function whatsappMeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, ssoKey, now } = app.deps;
  const base = "/api/me/whatsapp";

  app.get(
    base,
    {
      config: { access: companyMember },
      schema: {
        tags: ["conta"],
        summary: "Meu WhatsApp para lembretes: se a empresa oferece, e o número (mascarado) que confirmei",
        response: { 200: myWhatsappSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyMember);
      const [connection] = await db
        .select({ companyId: whatsappConnections.companyId })
        .from(whatsappConnections)
        .where(eq(whatsappConnections.companyId, viewer.companyId));
      const [row] = await db.select().from(whatsappNumbers).where(eq(whatsappNumbers.userId, viewer.userId));
      const mine = row?.companyId === viewer.companyId ? row : undefined;
      return {
        available: Boolean(connection),
        status: mine?.status ?? ("none" as const),
        number: mine ? maskWhatsappNumber(mine.phone) : null,
      };
    },
  );

  app.post(
    base,
    {
      config: { access: companyMember },
      schema: {
        tags: ["conta"],
        summary: "Envia pelo WhatsApp um código para confirmar meu número",
        body: whatsappNumberInputSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyMember);
      const limit = await consume(db, `whatsapp:code:${viewer.userId}`, codeLimit);
      if (!limit.allowed) throw new AppError("TOO_MANY_REQUESTS", whatsappMessages.sendFailed);
      const phone = normalizeWhatsappNumber(request.body.phone) as string;
      await requestCode(db, { config: env, key: ssoKey, now: now() }, viewer, phone);
      return { message: whatsappMessages.codeSent };
    },
  );

  app.post(
    `${base}/confirm`,
    {
      config: { access: companyMember },
      schema: {
        tags: ["conta"],
        summary: "Confirma meu número com o código recebido e ativa os lembretes por WhatsApp",
        body: whatsappCodeInputSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyMember);
      await confirmCode(db, now(), viewer.userId, request.body.code);
      return { message: whatsappMessages.confirmed };
    },
  );

  app.delete(
    base,
    {
      config: { access: companyMember },
      schema: {
        tags: ["conta"],
        summary: "Para os lembretes por WhatsApp na hora (como responder PARAR)",
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyMember);
      await optOut(db, now(), viewer.userId);
      return { message: whatsappMessages.optedOut };
    },
  );
}
