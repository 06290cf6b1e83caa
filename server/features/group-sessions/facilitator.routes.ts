/**
 * /group-sessions for a platform psychologist: the sessions they conduct,
 * with the names of who has a place, so they can mark attendance by name
 * (docs/decisions/024, "Psychologist facilitators"). Bound by professional
 * secrecy, they see a support group's people; the company never does.
 */
import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { facilitatedSessionSchema } from "#core/schemas/group-sessions.ts";
import {
  companies,
  groupSessionRegistrations,
  groupSessions,
  profiles,
  psychologists,
} from "#server/db/schema/index.ts";
import { callerOf, psychologist } from "#server/features/auth/index.ts";
import { materialsOf } from "./materials.ts";

/** Sessions from this far back stay listed (attendance is marked after the end). */
const HISTORY_DAYS = 30;

export async function facilitatorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.get(
    "/api/group-sessions/facilitating",
    {
      config: { access: psychologist },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Encontros que o(a) psicólogo(a) conduz, com quem tem vaga, para registrar a presença",
        response: { 200: z.array(facilitatedSessionSchema) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, psychologist);
      const at = now();
      const [mine] = await db
        .select({ id: psychologists.id })
        .from(psychologists)
        .where(eq(psychologists.userId, viewer.userId));
      if (!mine) return [];
      const sessions = await db
        .select({ session: groupSessions, companyName: companies.name })
        .from(groupSessions)
        .leftJoin(companies, eq(companies.id, groupSessions.companyId))
        .where(
          and(
            eq(groupSessions.facilitatorPsychologistId, mine.id),
            gt(groupSessions.startsAt, new Date(at.getTime() - HISTORY_DAYS * 86_400_000)),
          ),
        )
        .orderBy(desc(groupSessions.startsAt));
      const ids = sessions.map((row) => row.session.id);
      const people =
        ids.length === 0
          ? []
          : await db
              .select({
                sessionId: groupSessionRegistrations.sessionId,
                userId: groupSessionRegistrations.userId,
                name: profiles.name,
                status: groupSessionRegistrations.status,
              })
              .from(groupSessionRegistrations)
              .innerJoin(profiles, eq(profiles.userId, groupSessionRegistrations.userId))
              .where(
                and(
                  inArray(groupSessionRegistrations.sessionId, ids),
                  inArray(groupSessionRegistrations.status, ["registered", "waitlisted", "attended"]),
                ),
              )
              .orderBy(asc(profiles.name));
      const materials = await materialsOf(db, ids);
      return sessions.map(({ session, companyName }) => ({
        id: session.id,
        kind: session.kind,
        title: session.title,
        description: session.description,
        facilitatorName: session.facilitatorName,
        startsAt: session.startsAt.toISOString(),
        durationMinutes: session.durationMinutes,
        modality: session.modality,
        status: session.status,
        isPlatform: session.audience === "platform",
        location: session.location,
        capacity: session.capacity,
        companyName,
        hasStarted: session.startsAt <= at,
        materials: materials.get(session.id) ?? [],
        attendanceMarkedAt: session.attendanceMarkedAt?.toISOString() ?? null,
        people: people
          .filter((person) => person.sessionId === session.id)
          .map(({ userId, name, status }) => ({
            userId,
            name,
            status: status as "registered" | "waitlisted" | "attended",
          })),
      }));
    },
  );
}
