/** The platform admin appoints a company's handlers and sets how long closed cases are kept (docs/decisions/049). */
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_RETENTION_YEARS } from "#core/listening.ts";
import { listeningMessages as m } from "#core/listening-messages.ts";
import { companyIdParamsSchema } from "#core/schemas/admin.ts";
import { appointHandlerInputSchema, listeningAdminSchema, retentionInputSchema } from "#core/schemas/listening.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { companies, listeningHandlers, listeningSettings, profiles } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { today } from "./case-access.ts";

async function channelOf(db: Db, companyId: string) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
  const handlers = await db
    .select({ id: listeningHandlers.id, userId: listeningHandlers.userId, name: profiles.name, email: profiles.email })
    .from(listeningHandlers)
    .innerJoin(profiles, eq(profiles.userId, listeningHandlers.userId))
    .where(
      and(
        eq(listeningHandlers.companyId, companyId),
        eq(listeningHandlers.isActive, true),
        eq(profiles.companyId, companyId),
      ),
    )
    .orderBy(profiles.name);
  const [settings] = await db.select().from(listeningSettings).where(eq(listeningSettings.companyId, companyId));
  return { handlers, retentionYears: settings?.retentionYears ?? DEFAULT_RETENTION_YEARS };
}

export async function listeningAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["admin"];
  const { db } = app.deps;

  app.get(
    "/api/admin/companies/:id/escuta",
    {
      config: { access: admin },
      schema: {
        tags,
        summary: "Responsáveis e guarda do canal de escuta",
        params: companyIdParamsSchema,
        response: { 200: listeningAdminSchema },
      },
    },
    async (request) => {
      callerOf(request, admin);
      return channelOf(db, request.params.id);
    },
  );

  app.post(
    "/api/admin/companies/:id/escuta/responsaveis",
    {
      config: { access: admin },
      schema: {
        tags,
        summary: "Nomeia uma pessoa da empresa responsável pelo canal de escuta",
        params: companyIdParamsSchema,
        body: appointHandlerInputSchema,
        response: { 201: listeningAdminSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, admin);
      const companyId = request.params.id;
      const [person] = await db
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(
          and(
            eq(profiles.userId, request.body.userId),
            eq(profiles.companyId, companyId),
            inArray(profiles.role, ["user", "manager"]),
          ),
        );
      if (!person) throw new AppError("VALIDATION", m.handlerNotMember, { field: "userId" });
      // Appointing again reactivates the same row, so the exclusions that name it still hold.
      const [row] = await db
        .insert(listeningHandlers)
        .values({ companyId, userId: person.userId, appointedOn: today(request) })
        .onConflictDoUpdate({
          target: [listeningHandlers.companyId, listeningHandlers.userId],
          set: { isActive: true },
        })
        .returning({ id: listeningHandlers.id });
      await writeAudit(db, viewer, "listening.handler-appoint", { type: "listening_handler", id: row?.id, companyId });
      reply.status(201);
      return channelOf(db, companyId);
    },
  );

  app.delete(
    "/api/admin/companies/:id/escuta/responsaveis/:handlerId",
    {
      config: { access: admin },
      schema: {
        tags,
        summary: "Tira uma pessoa dos responsáveis pelo canal de escuta",
        params: companyIdParamsSchema.extend({ handlerId: z.uuid({ error: m.handlerNotFound }) }),
        response: { 200: listeningAdminSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const companyId = request.params.id;
      const [row] = await db
        .update(listeningHandlers)
        .set({ isActive: false })
        .where(and(eq(listeningHandlers.id, request.params.handlerId), eq(listeningHandlers.companyId, companyId)))
        .returning({ id: listeningHandlers.id });
      if (!row) throw new AppError("NOT_FOUND", m.handlerNotFound);
      await writeAudit(db, viewer, "listening.handler-remove", { type: "listening_handler", id: row.id, companyId });
      return channelOf(db, companyId);
    },
  );

  app.put(
    "/api/admin/companies/:id/escuta/guarda",
    {
      config: { access: admin },
      schema: {
        tags,
        summary: "Por quantos anos os casos encerrados são guardados",
        params: companyIdParamsSchema,
        body: retentionInputSchema,
        response: { 200: listeningAdminSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const companyId = request.params.id;
      await channelOf(db, companyId);
      const { retentionYears } = request.body;
      await db
        .insert(listeningSettings)
        .values({ companyId, retentionYears })
        .onConflictDoUpdate({ target: listeningSettings.companyId, set: { retentionYears } });
      await writeAudit(db, viewer, "listening.retention", {
        type: "company",
        id: companyId,
        companyId,
        details: { retentionYears },
      });
      return channelOf(db, companyId);
    },
  );
}
