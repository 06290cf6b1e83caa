/**
 * Attendance after a session (docs/decisions/024): marked by its manager or
 * an admin on the facilitator's behalf (a workshop by name, exportable as
 * CSV; a support group as a number only), or by the platform psychologist who
 * conducts it, by name for both kinds (the company still sees only the count).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatAtPtBR } from "#core/format.ts";
import { groupSessionMessages as m } from "#core/group-session-messages.ts";
import { attendanceInputSchema } from "#core/schemas/group-sessions.ts";
import { buildCsv } from "#server/csv.ts";
import { groupSessionRegistrations, groupSessions, profiles } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, consumeFileLimit, roles } from "#server/features/auth/index.ts";

import { sessionIdParams } from "./group-sessions.routes.ts";
import { facilitatedSession, managedSession } from "./session-scope.ts";

/** Managers and admins (a manager acts on their own company, checked by the handler). */
const managerOrAdmin = roles("manager", "admin");
const staffOrFacilitator = roles("manager", "admin", "psychologist");

const statusLabels = { registered: "Ausente", attended: "Presente", waitlisted: "Lista de espera" } as const;

export async function attendanceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.put(
    "/api/group-sessions/:id/attendance",
    {
      config: { access: staffOrFacilitator },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Registra a presença: nomes num workshop, só o número num grupo de apoio",
        params: sessionIdParams,
        body: attendanceInputSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, staffOrFacilitator);
      const isFacilitator = viewer.role === "psychologist";
      const session = isFacilitator
        ? await facilitatedSession(db, viewer, request.params.id)
        : await managedSession(db, viewer, request.params.id);
      const at = now();
      if (session.status === "cancelled") throw new AppError("CONFLICT", m.cancelled);
      if (session.startsAt > at) throw new AppError("CONFLICT", m.attendanceTooEarly);
      const body = request.body;
      // A psychologist's support group: they mark it by name (professional secrecy); the company keeps the count.
      if (session.kind === "support_group" && session.facilitatorPsychologistId && !isFacilitator)
        throw new AppError("CONFLICT", m.psychologistMarksAttendance);
      if (session.kind === "support_group" && !isFacilitator) {
        if (!("attendedCount" in body)) throw new AppError("VALIDATION", m.attendanceKindMismatch);
        // Checked against the capacity, never the registrations: a refusal must not reveal their number.
        if (body.attendedCount > session.capacity) throw new AppError("VALIDATION", m.attendanceCountInvalid);
        await db
          .update(groupSessions)
          .set({ attendedCount: body.attendedCount, attendanceMarkedAt: at, updatedAt: at })
          .where(eq(groupSessions.id, session.id));
        return { message: m.attendanceSaved };
      }
      if (!("attendedUserIds" in body)) throw new AppError("VALIDATION", m.attendanceKindMismatch);
      const present = [...new Set(body.attendedUserIds)];
      await db.transaction(async (tx) => {
        const places = await tx
          .select({ userId: groupSessionRegistrations.userId })
          .from(groupSessionRegistrations)
          .where(
            and(
              eq(groupSessionRegistrations.sessionId, session.id),
              inArray(groupSessionRegistrations.status, ["registered", "attended"]),
            ),
          );
        const known = new Set(places.map((place) => place.userId));
        if (present.some((userId) => !known.has(userId))) throw new AppError("VALIDATION", m.attendanceUnknownPeople);
        await tx
          .update(groupSessionRegistrations)
          .set({
            status: sql`CASE WHEN ${groupSessionRegistrations.userId} IN (${
              present.length
                ? sql.join(
                    present.map((userId) => sql`${userId}`),
                    sql`, `,
                  )
                : sql`NULL`
            }) THEN 'attended' ELSE 'registered' END`,
            updatedAt: at,
          })
          .where(
            and(
              eq(groupSessionRegistrations.sessionId, session.id),
              inArray(groupSessionRegistrations.status, ["registered", "attended"]),
            ),
          );
        await tx
          .update(groupSessions)
          .set({
            attendanceMarkedAt: at,
            updatedAt: at,
            ...(session.kind === "support_group" ? { attendedCount: present.length } : {}),
          })
          .where(eq(groupSessions.id, session.id));
      });
      return { message: m.attendanceSaved };
    },
  );

  app.get(
    "/api/group-sessions/:id/attendance.csv",
    {
      config: { access: managerOrAdmin },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Lista de presença de um workshop (CSV); grupos de apoio não têm lista",
        params: sessionIdParams,
        produces: ["text/csv"],
      },
    },
    async (request, response) => {
      const viewer = callerOf(request, managerOrAdmin);
      const session = await managedSession(db, viewer, request.params.id);
      if (session.kind !== "workshop") throw new AppError("CONFLICT", m.csvSupportGroup);
      await consumeFileLimit(db, "csv", { userId: viewer.userId, companyId: session.companyId });
      const people = await db
        .select({ name: profiles.name, email: profiles.email, status: groupSessionRegistrations.status })
        .from(groupSessionRegistrations)
        .innerJoin(profiles, eq(profiles.userId, groupSessionRegistrations.userId))
        .where(
          and(
            eq(groupSessionRegistrations.sessionId, session.id),
            inArray(groupSessionRegistrations.status, ["registered", "attended"]),
          ),
        )
        .orderBy(profiles.name);
      // A list of names leaving the product: the audit trail records who took it (docs/decisions/024).
      await writeAudit(db, viewer, "report.export", {
        type: "group-session-attendance",
        id: session.id,
        companyId: session.companyId,
        details: { people: people.length },
      });
      const when = formatAtPtBR(session.startsAt.toISOString(), "America/Sao_Paulo");
      const lines = [
        ["Encontro", "Data", "Facilitador(a)", "Nome", "E-mail", "Presença"],
        ...people.map((person) => [
          session.title,
          when,
          session.facilitatorName,
          person.name,
          person.email,
          statusLabels[person.status as keyof typeof statusLabels],
        ]),
      ];
      const csv = buildCsv(lines);
      return response
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="presenca-${session.id.slice(0, 8)}.csv"`)
        .send(csv);
    },
  );
}
