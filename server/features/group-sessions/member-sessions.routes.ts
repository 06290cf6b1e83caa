/**
 * /group-sessions for the people taking part: their audience's sessions,
 * registering (or the waitlist), cancelling, the .ics and the anonymous
 * feedback (docs/decisions/024).
 */
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { groupSessionMessages as m } from "#core/group-session-messages.ts";
import { feedbackInputSchema, type MemberSession, memberSessionSchema } from "#core/schemas/group-sessions.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { groupSessionFeedback, groupSessionFeedbackGiven, groupSessions } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, signedIn } from "#server/features/auth/index.ts";
import { hasBudgetFor } from "#server/features/disclosure/index.ts";
import { inAudience } from "./audience.ts";
import { sessionIdParams } from "./group-sessions.routes.ts";
import { materialsOf } from "./materials.ts";
import { type MyPlace, memberView } from "./member-view.ts";
import { cancelRegistration, registerPerson } from "./registrations.ts";
import { sessionIcs } from "./session-calendar.ts";
import { countsInFigures } from "./session-figures.ts";
import { participantCompany, takesPartIn, visibleSession } from "./session-scope.ts";

/** The member's places in the given sessions, with the numbers the view needs. */
async function placesOf(db: Db, userId: string, sessionIds: string[]): Promise<Map<string, MyPlace>> {
  if (sessionIds.length === 0) return new Map();
  const rows = rowsOf<MyPlace & { session_id: string }>(
    await db.execute(sql`
      SELECT s.id AS session_id,
        -- A workshop's places only: a support group's view reads nothing about anyone else.
        CASE WHEN s.kind = 'workshop' THEN (SELECT count(*)::int FROM group_session_registrations r
          WHERE r.session_id = s.id AND r.status IN ('registered', 'attended')) ELSE 0 END AS taken,
        CASE WHEN s.kind = 'workshop' THEN (SELECT count(*)::int FROM group_session_registrations r
          WHERE r.session_id = s.id AND r.status = 'waitlisted') ELSE 0 END AS waiting,
        mine.status AS status,
        CASE WHEN mine.status = 'waitlisted' THEN (
          SELECT count(*)::int + 1 FROM group_session_registrations r
          WHERE r.session_id = s.id AND r.status = 'waitlisted' AND (r.queued_at, r.id) < (mine.queued_at, mine.id)
        ) END AS position,
        EXISTS (SELECT 1 FROM group_session_feedback_given g WHERE g.session_id = s.id AND g.user_id = ${userId})
          AS has_given_feedback
      FROM group_sessions s
      LEFT JOIN group_session_registrations mine ON mine.session_id = s.id AND mine.user_id = ${userId}
      WHERE s.id IN (${sql.join(
        sessionIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((row) => [row.session_id, row]));
}

async function viewOf(db: Db, userId: string, session: typeof groupSessions.$inferSelect, now: Date) {
  const [places, materials] = await Promise.all([placesOf(db, userId, [session.id]), materialsOf(db, [session.id])]);
  return memberView(session, places.get(session.id), now, materials.get(session.id));
}

/** Sessions that ended this long ago still show, for the feedback. */
const RECENT_DAYS = 30;

export async function memberSessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now, env } = app.deps;
  const reply = z.object({ message: z.string(), session: memberSessionSchema });

  app.get(
    "/api/group-sessions",
    {
      config: { access: signedIn },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Encontros abertos a quem pede (sua empresa e os da plataforma), com a sua inscrição",
        response: { 200: z.array(memberSessionSchema) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const companyId = participantCompany(viewer);
      const at = now();
      const sessions = await db
        .select()
        .from(groupSessions)
        .where(
          and(
            or(eq(groupSessions.companyId, companyId), isNull(groupSessions.companyId)),
            gt(groupSessions.startsAt, new Date(at.getTime() - RECENT_DAYS * 86_400_000)),
          ),
        )
        .orderBy(groupSessions.startsAt);
      const places = await placesOf(
        db,
        viewer.userId,
        sessions.map((session) => session.id),
      );
      const audience = await inAudience(db, sessions, { userId: viewer.userId, companyId });
      const materials = await materialsOf(
        db,
        sessions.map((session) => session.id),
      );
      const views: MemberSession[] = [];
      for (const session of sessions) {
        if (!takesPartIn(viewer, session)) continue;
        const view = memberView(session, places.get(session.id), at, materials.get(session.id));
        // Another sector's session stays hidden, unless they have a place in it (they moved sector since).
        if (!audience.has(session.id) && view.myStatus === null) continue;
        // Past and cancelled sessions stay only for those who had a place or a request (their history, their feedback).
        const isMine = view.myStatus !== null && !(view.hasEnded && view.myStatus === "not_drawn");
        if ((view.hasEnded || view.status === "cancelled") && !isMine) continue;
        views.push(view);
      }
      return views;
    },
  );

  app.post(
    "/api/group-sessions/:id/registration",
    {
      config: { access: signedIn },
      schema: {
        tags: ["sessões em grupo"],
        summary:
          "Inscreve quem pede (num grupo de apoio, o pedido entra no sorteio das vagas); num workshop lotado, lista de espera",
        params: sessionIdParams,
        response: { 201: reply },
      },
    },
    async (request, response) => {
      const viewer = callerOf(request, signedIn);
      const session = await visibleSession(db, viewer, request.params.id);
      const status = await registerPerson(db, session.id, viewer.userId, now());
      response.status(201);
      return {
        message: { registered: m.registered, waitlisted: m.waitlisted, requested: m.requested }[status],
        session: await viewOf(db, viewer.userId, session, now()),
      };
    },
  );

  app.delete(
    "/api/group-sessions/:id/registration",
    {
      config: { access: signedIn },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Cancela a própria inscrição (num workshop, a vaga vai para o primeiro da lista de espera)",
        params: sessionIdParams,
        response: { 200: reply },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const session = await visibleSession(db, viewer, request.params.id);
      await cancelRegistration(db, session.id, viewer.userId, now());
      return { message: m.registrationCancelled, session: await viewOf(db, viewer.userId, session, now()) };
    },
  );

  app.get(
    "/api/group-sessions/:id/calendar.ics",
    {
      config: { access: signedIn },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Arquivo de agenda (.ics) para quem está inscrito; título neutro nos grupos de apoio",
        params: sessionIdParams,
        produces: ["text/calendar"],
      },
    },
    async (request, response) => {
      const viewer = callerOf(request, signedIn);
      const session = await visibleSession(db, viewer, request.params.id);
      const view = await viewOf(db, viewer.userId, session, now());
      if (view.myStatus !== "registered" && view.myStatus !== "attended")
        throw new AppError("CONFLICT", m.calendarOnlyRegistered);
      const file = sessionIcs(session, env.APP_URL);
      return response
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", 'attachment; filename="compromisso-sereno.ics"')
        .send(file);
    },
  );

  app.post(
    "/api/group-sessions/:id/feedback",
    {
      config: { access: signedIn },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Avaliação anônima (1 a 5 e um comentário opcional) depois do encontro",
        params: sessionIdParams,
        body: feedbackInputSchema,
        response: { 201: z.object({ message: z.string() }) },
      },
    },
    async (request, response) => {
      const viewer = callerOf(request, signedIn);
      const session = await visibleSession(db, viewer, request.params.id);
      const view = await viewOf(db, viewer.userId, session, now());
      if (view.hasGivenFeedback) throw new AppError("CONFLICT", m.feedbackAlreadyGiven);
      if (!view.canGiveFeedback) throw new AppError("CONFLICT", m.feedbackNotAllowed);
      const counts = await countsInFigures(db, session, viewer.userId);
      // Past 52 rated sessions in a year, a rating is thanked and not kept (docs/decisions/040, "Budget").
      const fitsBudget = await hasBudgetFor(db, viewer.userId, "groupRatings", session.startsAt);
      await db.transaction(async (tx) => {
        // Two rows with nothing in common but the session: who answered, and what was answered.
        const given = await tx
          .insert(groupSessionFeedbackGiven)
          .values({ sessionId: session.id, userId: viewer.userId })
          .onConflictDoNothing()
          .returning({ sessionId: groupSessionFeedbackGiven.sessionId });
        if (given.length === 0) throw new AppError("CONFLICT", m.feedbackAlreadyGiven);
        // An account that joined after the session was set up counts in none of its figures, so its
        // rating is not kept: only the company's figures would read it (docs/decisions/024, "Sybils").
        if (!counts || !fitsBudget) return;
        await tx.insert(groupSessionFeedback).values({
          sessionId: session.id,
          rating: request.body.rating,
          comment: request.body.comment || null,
        });
      });
      response.status(201);
      return { message: fitsBudget ? m.feedbackSaved : m.feedbackSavedOutsideFigures };
    },
  );
}
