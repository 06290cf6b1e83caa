/**
 * A person's own check-ins. Every query here is scoped to the caller's user
 * id: no route takes another person's id (DESIGN 4).
 */
import { and, asc, eq, gte, isNull, lte, sql } from "drizzle-orm";
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
import { rowsOf } from "#server/db/client.ts";
import { userProgress } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { findViewer, requireUser } from "#server/features/auth/viewer.ts";

type CheckInRow = typeof userProgress.$inferSelect;

function toCheckIn(row: Pick<CheckInRow, "id" | "day" | "mood" | "notes" | "completedAt" | "xpEarned">) {
  return {
    id: row.id,
    day: row.day,
    mood: row.mood ?? 0,
    notes: row.notes,
    completedAt: new Date(row.completedAt).toISOString(),
    xpEarned: row.xpEarned,
  };
}

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
      const at = now();
      const day = localDay(at, viewer.timezone);
      const points = pointsForXp(CHECK_IN_XP);
      // One statement: the insert, then, only if it happened, the company's daily rollup
      // and the XP. The unique (user_id, day) index makes a double submit a no-op.
      const result = await db.execute(sql`
        WITH inserted AS (
          INSERT INTO user_progress (user_id, company_id, mood, notes, completed_at, day, xp_earned)
          VALUES (${viewer.userId}, ${viewer.companyId}, ${request.body.mood}, ${request.body.notes || null},
                  ${at.toISOString()}, ${day}, ${CHECK_IN_XP})
          ON CONFLICT (user_id, day) WHERE exercise_id IS NULL DO NOTHING
          RETURNING id, day, mood, notes, completed_at, xp_earned
        ), rolled_up AS (
          INSERT INTO company_daily_stats (company_id, day, check_ins, mood_sum)
          SELECT ${viewer.companyId}::uuid, day, 1, mood FROM inserted WHERE ${viewer.companyId}::uuid IS NOT NULL
          ON CONFLICT (company_id, day) DO UPDATE
            SET check_ins = company_daily_stats.check_ins + 1, mood_sum = company_daily_stats.mood_sum + excluded.mood_sum
        ), awarded AS (
          UPDATE profiles SET xp = xp + ${CHECK_IN_XP}, engagement_points = engagement_points + ${points},
            last_check_in_day = greatest(last_check_in_day, ${day}::date), updated_at = now()
          WHERE user_id = ${viewer.userId} AND EXISTS (SELECT 1 FROM inserted)
          RETURNING xp, engagement_points
        )
        SELECT inserted.*, awarded.xp, awarded.engagement_points FROM inserted LEFT JOIN awarded ON true`);
      const row = rowsOf<{
        id: string;
        day: string;
        mood: number;
        notes: string | null;
        completed_at: string | Date;
        xp_earned: number;
        xp: number | null;
        engagement_points: number | null;
      }>(result)[0];
      if (!row) throw new AppError("CHECKIN_ALREADY_DONE", messages.checkInAlreadyDone);
      const xp = row.xp ?? viewer.xp + CHECK_IN_XP;
      reply.status(201);
      return {
        checkIn: toCheckIn({
          ...row,
          day: String(row.day).slice(0, 10),
          completedAt: new Date(row.completed_at),
          xpEarned: row.xp_earned,
        }),
        xp,
        level: levelFor(xp),
        engagementPoints: row.engagement_points ?? viewer.engagementPoints + points,
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
        .select({ day: userProgress.day, mood: userProgress.mood })
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
      return { month, days: rows.map((row) => ({ day: row.day, mood: row.mood })) };
    },
  );
}
