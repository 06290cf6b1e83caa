/**
 * /group-sessions for managers and admins: create, edit and cancel (docs/decisions/024). What the page reads is
 * in managed-list.routes.ts.
 */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isVerificationCurrent } from "#core/care.ts";
import { groupSessionMessages as m } from "#core/group-session-messages.ts";
import {
  groupSessionInputSchema,
  groupSessionUpdateSchema,
  managedSessionSchema,
} from "#core/schemas/group-sessions.ts";
import type { Db } from "#server/db/client.ts";
import {
  groupSessionRegistrations,
  groupSessionSectors,
  groupSessions,
  psychologists,
} from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, roles } from "#server/features/auth/index.ts";

import { enqueueJob } from "#server/jobs/runner.ts";
import { companySectorIds } from "./audience.ts";
import { toManaged } from "./managed-view.ts";
import { enqueueChangeMails, lockSession, promoteFromWaitlist } from "./registrations.ts";
import { audienceOfBody, managedSession } from "./session-scope.ts";

/** Managers and admins (a manager acts on their own company, checked by the handler). */
const managerOrAdmin = roles("manager", "admin");

export const sessionIdParams = z.object({ id: z.uuid({ error: m.notFound }) }).strict();
const reply = z.object({ message: z.string(), session: managedSessionSchema });

/**
 * Who conducts: a verified platform psychologist (their name and e-mail, so
 * the session follows them) or the named facilitator typed in the form.
 */
async function facilitatorOf(
  db: Db,
  input: { facilitatorPsychologistId?: string; facilitatorName: string; facilitatorEmail?: string },
  at: Date,
) {
  if (!input.facilitatorPsychologistId)
    return {
      facilitatorPsychologistId: null,
      facilitatorName: input.facilitatorName,
      facilitatorEmail: input.facilitatorEmail ?? null,
    };
  const [found] = await db.select().from(psychologists).where(eq(psychologists.id, input.facilitatorPsychologistId));
  if (found?.status !== "verified" || !isVerificationCurrent(found.verifiedAt, at))
    throw new AppError("VALIDATION", m.psychologistNotFound, { field: "facilitatorPsychologistId" });
  return { facilitatorPsychologistId: found.id, facilitatorName: found.fullName, facilitatorEmail: found.email };
}

export async function groupSessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, now, privacyKey } = app.deps;
  const minGroup = env.PRIVACY_MIN_GROUP;
  const figures = { key: privacyKey, minGroup };

  app.post(
    "/api/group-sessions",
    {
      config: { access: audienceOfBody },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Cria um workshop ou grupo de apoio",
        body: groupSessionInputSchema,
        response: { 201: reply },
      },
    },
    async (request, response) => {
      const {
        audience,
        companyId,
        sectorIds,
        facilitatorEmail,
        facilitatorName,
        facilitatorPsychologistId,
        startsAt,
        ...fields
      } = request.body;
      const { viewer, company } = callerOf(request, audienceOfBody);
      const at = now();
      const start = new Date(startsAt);
      if (start <= at) throw new AppError("VALIDATION", m.startsAtPast, { field: "startsAt" });
      const sectors = company && audience === "sectors" ? await companySectorIds(db, company.id, sectorIds ?? []) : [];
      const facilitator = await facilitatorOf(db, { facilitatorPsychologistId, facilitatorName, facilitatorEmail }, at);
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(groupSessions)
          .values({
            ...fields,
            ...facilitator,
            audience,
            companyId: company?.id ?? null,
            startsAt: start,
            // By the app's clock: the registration close and the sybil rule are measured from it.
            createdAt: at,
            createdBy: viewer.userId,
          })
          .returning();
        if (!row) throw new Error("insert returned nothing");
        if (sectors.length > 0)
          await tx.insert(groupSessionSectors).values(sectors.map((sectorId) => ({ sessionId: row.id, sectorId })));
        await writeAudit(tx, viewer, "group-session.create", {
          type: "group-session",
          id: row.id,
          companyId: row.companyId,
          details: { kind: row.kind, audience },
        });
        return row;
      });
      response.status(201);
      const [session] = await toManaged(db, [created], now(), figures);
      return { message: m.created, session: session as NonNullable<typeof session> };
    },
  );

  app.patch(
    "/api/group-sessions/:id",
    {
      config: { access: managerOrAdmin },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Altera um encontro que ainda não começou (o arquivo de agenda recebe nova versão)",
        params: sessionIdParams,
        body: groupSessionUpdateSchema,
        response: { 200: reply },
      },
    },
    async (request) => {
      const viewer = callerOf(request, managerOrAdmin);
      const existing = await managedSession(db, viewer, request.params.id);
      const { facilitatorEmail, facilitatorName, facilitatorPsychologistId, startsAt, ...fields } = request.body;
      const start = new Date(startsAt);
      const at = now();
      const facilitator = await facilitatorOf(db, { facilitatorPsychologistId, facilitatorName, facilitatorEmail }, at);
      await db.transaction(async (tx) => {
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
            ...facilitator,
            startsAt: start,
            sequence: sql`${groupSessions.sequence} + 1`,
            updatedAt: at,
          })
          .where(eq(groupSessions.id, existing.id));
        await promoteFromWaitlist(tx, { ...locked, capacity: fields.capacity }, at);
        const isMoved =
          start.getTime() !== new Date(locked.starts_at).getTime() ||
          fields.durationMinutes !== existing.durationMinutes ||
          fields.location !== existing.location ||
          fields.modality !== existing.modality;
        // A new time or place: everyone with a place gets an 'alterado' e-mail with the updated .ics, once per version.
        if (isMoved) await enqueueChangeMails(tx, existing.id, at);
        await writeAudit(tx, viewer, "group-session.update", {
          type: "group-session",
          id: existing.id,
          companyId: existing.companyId,
          details: { rescheduled: isMoved },
        });
      });
      const [row] = await db.select().from(groupSessions).where(eq(groupSessions.id, existing.id));
      const [session] = await toManaged(db, row ? [row] : [], at, figures);
      return { message: m.updated, session: session as NonNullable<typeof session> };
    },
  );

  app.post(
    "/api/group-sessions/:id/cancel",
    {
      config: { access: managerOrAdmin },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Cancela um encontro; inscritos, lista de espera e pedidos do sorteio recebem um e-mail",
        params: sessionIdParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, managerOrAdmin);
      const existing = await managedSession(db, viewer, request.params.id);
      const at = now();
      await db.transaction(async (tx) => {
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
              inArray(groupSessionRegistrations.status, ["registered", "waitlisted", "requested"]),
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
        await writeAudit(tx, viewer, "group-session.cancel", {
          type: "group-session",
          id: existing.id,
          companyId: existing.companyId,
          // No count of people: a support group's would be a live number (docs/decisions/024).
          details: { kind: existing.kind },
        });
      });
      return { message: m.sessionCancelled };
    },
  );
}
