/**
 * A person's own check-ins. Every query here is scoped to the caller's user
 * id: no route takes another person's id (docs/design.md §4).
 */
import { and, asc, eq, gte, isNull, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { addDays, localDay } from "#core/dates.ts";
import { CHECK_IN_XP } from "#core/exercises.ts";
import { messages } from "#core/messages.ts";
import { pointsForXp } from "#core/points.ts";
import {
  checkInInputSchema,
  checkInMonthQuerySchema,
  checkInMonthSchema,
  createdCheckInSchema,
  todayCheckInSchema,
} from "#core/schemas/check-ins.ts";
import { levelFor } from "#core/xp.ts";
import { userProgress } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { findViewer, requireUser, requireWellbeingConsent } from "#server/features/auth/viewer.ts";
import { checkInEditRoutes } from "./check-in-edit.routes.ts";
import { insertCheckInOnce } from "./insert-check-in.ts";
import { checkInMoment } from "./offline-check-in.ts";
import { toCheckIn } from "./to-check-in.ts";

export async function checkInRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.post(
    "/api/check-ins",
    {
      schema: {
        tags: ["check-ins"],
        summary: "Registra o check-in do dia (+50 XP, uma vez por dia)",
        body: checkInInputSchema,
        response: { 201: createdCheckInSchema },
      },
    },
    async (request, reply) => {
      const viewer = await findViewer(request);
      if (!viewer) throw new AppError("UNAUTHENTICATED", messages.checkInLoginRequired);
      requireWellbeingConsent(viewer);
      const { at, day, isOffline } = checkInMoment(request.body.madeAt, now(), viewer.timezone);
      const created = await insertCheckInOnce(db, {
        userId: viewer.userId,
        companyId: viewer.companyId,
        mood: request.body.mood,
        notes: request.body.notes || null,
        at,
        day,
      });
      if (!created) {
        const isToday = day === localDay(now(), viewer.timezone);
        throw new AppError(
          "CHECKIN_ALREADY_DONE",
          isOffline && !isToday ? messages.checkInDayAlreadyDone : messages.checkInAlreadyDone,
        );
      }
      const xp = created.xp ?? viewer.xp + CHECK_IN_XP;
      reply.status(201);
      return {
        checkIn: toCheckIn(created),
        xp,
        level: levelFor(xp),
        engagementPoints: created.engagementPoints ?? viewer.engagementPoints + pointsForXp(CHECK_IN_XP),
        message: messages.checkInSaved,
      };
    },
  );

  app.get(
    "/api/check-ins/today",
    {
      schema: {
        tags: ["check-ins"],
        summary: "O check-in de hoje, se já foi feito",
        response: { 200: todayCheckInSchema },
      },
    },
    async (request) => {
      const viewer = await requireUser(request);
      const day = localDay(now(), viewer.timezone);
      const [row] = await db
        .select()
        .from(userProgress)
        .where(and(eq(userProgress.userId, viewer.userId), isNull(userProgress.exerciseId), eq(userProgress.day, day)))
        .limit(1);
      return { day, checkIn: row ? toCheckIn(row) : null };
    },
  );

  app.get(
    "/api/check-ins",
    {
      schema: {
        tags: ["check-ins"],
        summary: "Os próprios check-ins de um mês, para o calendário",
        querystring: checkInMonthQuerySchema,
        response: { 200: checkInMonthSchema },
      },
    },
    async (request) => {
      const viewer = await requireUser(request);
      const { month } = request.query;
      const first = `${month}-01`;
      const last = addDays(addDays(first, 32).slice(0, 8).concat("01"), -1);
      const rows = await db
        .select({ id: userProgress.id, day: userProgress.day, mood: userProgress.mood })
        .from(userProgress)
        .where(
          and(
            eq(userProgress.userId, viewer.userId),
            isNull(userProgress.exerciseId),
            gte(userProgress.day, first),
            lte(userProgress.day, last),
          ),
        )
        .orderBy(asc(userProgress.day));
      return { month, days: rows.map((row) => ({ id: row.id, day: row.day, mood: row.mood })) };
    },
  );

  app.register(checkInEditRoutes);
}
