/** /group-sessions for managers and admins: list, create, edit and cancel (docs/decisions/024). */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { groupSessionMessages as m } from "#core/messages.ts";
import {
  groupSessionInputSchema,
  groupSessionUpdateSchema,
  managedListSchema,
  managedSessionSchema,
  manageQuerySchema,
} from "#core/schemas/group-sessions.ts";
import type { Db } from "#server/db/client.ts";
import { groupSessionRegistrations, groupSessions } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { requireRole } from "#server/features/auth/viewer.ts";
import { companyScope } from "#server/features/teams/company-scope.ts";
import { enqueueJob } from "#server/jobs/runner.ts";
import { listManaged, toManaged } from "./managed-view.ts";
import { lockSession, promoteFromWaitlist } from "./registrations.ts";
import { managedSession } from "./session-scope.ts";

export const sessionIdParams = z.object({ id: z.uuid({ error: m.notFound }) }).strict();
const reply = z.object({ message: z.string(), session: managedSessionSchema });

export async function groupSessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, now } = app.deps;
  const minGroup = env.PRIVACY_MIN_GROUP;

  app.get(
    "/api/group-sessions/manage",
    {
      schema: {
        tags: ["sessões em grupo"],
        summary: "Encontros da empresa (ou, para admins, os abertos a todas) com inscrições e avaliações agregadas",
        querystring: manageQuerySchema,
        response: { 200: managedListSchema },
      },
    },
    async (request) => {
      const viewer = await requireRole(request, "manager", "admin");
      if (request.query.audience === "platform") {
        if (viewer.role !== "admin") throw new AppError("FORBIDDEN", m.platformAdminOnly);
        return { minGroup, sessions: await listManaged(db, { platform: true }, now(), minGroup) };
      }
      const company = await companyScope(db, viewer, request.query.companyId);
      return { minGroup, sessions: await listManaged(db, { companyId: company.id }, now(), minGroup) };
    },
  );

  app.post(
    "/api/group-sessions",
    {
      schema: {
        tags: ["sessões em grupo"],
        summary: "Cria um workshop ou grupo de apoio",
        body: groupSessionInputSchema,
        response: { 201: reply },
      },
    },
    async (request, response) => {
      const viewer = await requireRole(request, "manager", "admin");
      const { audience, companyId, facilitatorEmail, startsAt, ...fields } = request.body;
      if (audience === "platform" && viewer.role !== "admin") throw new AppError("FORBIDDEN", m.platformAdminOnly);
      const company = audience === "company" ? await companyScope(db, viewer, companyId) : null;
      const start = new Date(startsAt);
      if (start <= now()) throw new AppError("VALIDATION", m.startsAtPast, { field: "startsAt" });
      const [created] = await db
        .insert(groupSessions)
        .values({
          ...fields,
          audience,
          companyId: company?.id ?? null,
          facilitatorEmail: facilitatorEmail ?? null,
          startsAt: start,
          createdBy: viewer.userId,
        })
        .returning();
      if (!created) throw new Error("insert returned nothing");
      response.status(201);
      const [session] = await toManaged(db, [created], now(), minGroup);
      return { message: m.created, session: session as NonNullable<typeof session> };
    },
  );

  app.patch(
    "/api/group-sessions/:id",
    {
      schema: {
        tags: ["sessões em grupo"],
        summary: "Altera um encontro que ainda não começou (o arquivo de agenda recebe nova versão)",
        params: sessionIdParams,
        body: groupSessionUpdateSchema,
        response: { 200: reply },
      },
    },
    async (request) => {
      const viewer = await requireRole(request, "manager", "admin");
      const existing = await managedSession(db, viewer, request.params.id);
      const { facilitatorEmail, startsAt, ...fields } = request.body;
      const start = new Date(startsAt);
      const at = now();
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const locked = await lockSession(tx, existing.id);
        if (!locked) throw new AppError("NOT_FOUND", m.notFound);
        if (locked.status === "cancelled") throw new AppError("CONFLICT", m.cancelled);
        if (new Date(locked.starts_at) <= at) throw new AppError("CONFLICT", m.alreadyStarted);
        if (start <= at) throw new AppError("VALIDATION", m.startsAtPast, { field: "startsAt" });
        // A support group's count must not be learnt by lowering the capacity until it is refused.
        if (existing.kind === "support_group" && fields.capacity < locked.capacity)
          throw new AppError("VALIDATION", m.supportCapacityOnlyUp, { field: "capacity" });
        if (fields.capacity < locked.taken)
          throw new AppError("VALIDATION", m.capacityBelowRegistered(locked.taken), { field: "capacity" });
        await tx
          .update(groupSessions)
          .set({
            ...fields,
            facilitatorEmail: facilitatorEmail ?? null,
            startsAt: start,
            sequence: sql`${groupSessions.sequence} + 1`,
            updatedAt: at,
          })
          .where(eq(groupSessions.id, existing.id));
        await promoteFromWaitlist(tx, { ...locked, capacity: fields.capacity }, at);
      });
      const [row] = await db.select().from(groupSessions).where(eq(groupSessions.id, existing.id));
      const [session] = await toManaged(db, row ? [row] : [], at, minGroup);
      return { message: m.updated, session: session as NonNullable<typeof session> };
    },
  );

  app.post(
    "/api/group-sessions/:id/cancel",
    {
      schema: {
        tags: ["sessões em grupo"],
        summary: "Cancela um encontro; inscritos e lista de espera recebem um e-mail",
        params: sessionIdParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = await requireRole(request, "manager", "admin");
      const existing = await managedSession(db, viewer, request.params.id);
      const at = now();
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const [cancelled] = await tx
          .update(groupSessions)
          .set({ status: "cancelled", sequence: sql`${groupSessions.sequence} + 1`, updatedAt: at })
          .where(
            and(
              eq(groupSessions.id, existing.id),
              eq(groupSessions.status, "scheduled"),
              gt(groupSessions.startsAt, at),
            ),
          )
          .returning({ id: groupSessions.id });
        if (!cancelled) {
          throw new AppError("CONFLICT", existing.status === "cancelled" ? m.cancelled : m.alreadyStarted);
        }
        const people = await tx
          .select({ userId: groupSessionRegistrations.userId })
          .from(groupSessionRegistrations)
          .where(
            and(
              eq(groupSessionRegistrations.sessionId, existing.id),
              inArray(groupSessionRegistrations.status, ["registered", "waitlisted"]),
            ),
          );
        // One job per person, keyed by the session: a retried request never mails anyone twice.
        for (const { userId } of people) {
          await enqueueJob(tx, {
            name: "group-session-mail",
            key: `cancelled|${existing.id}|${userId}`,
            runAt: at,
            payload: { reason: "cancelled", sessionId: existing.id, userId },
          });
        }
      });
      return { message: m.sessionCancelled };
    },
  );
}
