/**
 * Configurações › Lembretes › Teams (docs/decisions/095): binding the member's Teams chat (from the app's
 * link card, after they signed in), the opt-in and opt-out, and unbinding. Only the member reads or changes
 * it; no manager or admin route returns who chose Teams.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { msteamsMessages } from "#core/msteams-messages.ts";
import {
  msteamsLinkInputSchema,
  msteamsOptInputSchema,
  msteamsPendingLinkSchema,
  myMsteamsSchema,
} from "#core/schemas/msteams.ts";
import { serverMessages } from "#core/server-messages.ts";
import { msteamsAccounts, msteamsConnections } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, defineAccess, requireRole } from "#server/features/auth/index.ts";
import { bindLink, pendingLink } from "./msteams-links.ts";

/** A member of a company (user or manager): only they receive check-in reminders. */
const companyMember = defineAccess("roles", async (request) => {
  const viewer = await requireRole(request, "user", "manager");
  if (!viewer.companyId) throw new AppError("NO_COMPANY", serverMessages.careNeedsCompany);
  return { ...viewer, companyId: viewer.companyId };
});

const okSchema = z.object({ message: z.string() });

export async function msteamsMeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;
  const base = "/api/me/msteams";

  app.get(
    base,
    {
      config: { access: companyMember },
      schema: {
        tags: ["conta"],
        summary: "Meu Teams para lembretes: se a empresa oferece, se minha conta está vinculada e se ativei",
        response: { 200: myMsteamsSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyMember);
      const [[connection], [account]] = await Promise.all([
        db
          .select({ companyId: msteamsConnections.companyId })
          .from(msteamsConnections)
          .where(eq(msteamsConnections.companyId, viewer.companyId)),
        db
          .select()
          .from(msteamsAccounts)
          .where(and(eq(msteamsAccounts.userId, viewer.userId), eq(msteamsAccounts.companyId, viewer.companyId))),
      ]);
      return { available: Boolean(connection), linked: Boolean(account), optedIn: Boolean(account?.optedIn) };
    },
  );

  app.get(
    `${base}/link`,
    {
      config: { access: companyMember },
      schema: {
        tags: ["conta"],
        summary: "O chat do Teams que um código de vínculo ligaria à minha conta (o nome que o Teams mostra)",
        querystring: msteamsLinkInputSchema,
        response: { 200: msteamsPendingLinkSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyMember);
      return pendingLink(db, now(), viewer, request.query.code);
    },
  );

  app.post(
    `${base}/link`,
    {
      config: { access: companyMember },
      schema: {
        tags: ["conta"],
        summary: "Vincula à minha conta o chat do Teams que pediu o vínculo (o código do cartão do app)",
        body: msteamsLinkInputSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyMember);
      await bindLink(db, now(), viewer, request.body.code);
      return { message: msteamsMessages.linked };
    },
  );

  app.put(
    base,
    {
      config: { access: companyMember },
      schema: {
        tags: ["conta"],
        summary: "Ativa ou para meus lembretes pelo Teams",
        body: msteamsOptInputSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyMember);
      const [connection] = await db
        .select({ companyId: msteamsConnections.companyId })
        .from(msteamsConnections)
        .where(eq(msteamsConnections.companyId, viewer.companyId));
      const { optedIn } = request.body;
      if (optedIn && !connection) throw new AppError("CONFLICT", msteamsMessages.notAvailable);
      const updated = await db
        .update(msteamsAccounts)
        .set({ optedIn, updatedAt: now() })
        .where(and(eq(msteamsAccounts.userId, viewer.userId), eq(msteamsAccounts.companyId, viewer.companyId)))
        .returning({ userId: msteamsAccounts.userId });
      if (updated.length === 0 && optedIn) throw new AppError("CONFLICT", msteamsMessages.notLinked);
      return { message: optedIn ? msteamsMessages.optedIn : msteamsMessages.optedOut };
    },
  );

  app.delete(
    base,
    {
      config: { access: companyMember },
      schema: {
        tags: ["conta"],
        summary: "Desvincula minha conta do Teams: nenhum lembrete sai mais por lá",
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyMember);
      await db.delete(msteamsAccounts).where(eq(msteamsAccounts.userId, viewer.userId));
      return { message: msteamsMessages.unlinked };
    },
  );
}
