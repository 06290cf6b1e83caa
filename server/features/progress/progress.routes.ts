/** A person's own progress: level, XP, exercises done, streak, and their latest activities. */
import { and, count, desc, eq, isNotNull, isNull, lte, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { localDay } from "#core/dates.ts";
import { ptBR } from "#core/exercises.ts";
import { activitySchema, progressSummarySchema } from "#core/schemas/progress.ts";
import { checkInStreak } from "#core/streak.ts";
import { exercises, userProgress } from "#server/db/schema/index.ts";
import { callerOf, signedIn } from "#server/features/auth/index.ts";

/** Long enough for any real streak; a year of daily check-ins reads 366 dates. */
const STREAK_LOOKBACK = 400;
const ACTIVITIES = 10;

export async function progressRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.get(
    "/api/progress",
    {
      config: { access: signedIn },
      schema: {
        tags: ["progresso"],
        summary: "Nível, XP, exercícios concluídos e sequência de check-ins",
        response: { 200: progressSummarySchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const today = localDay(now(), viewer.timezone);
      const [[completed], days] = await Promise.all([
        db
          .select({ n: count() })
          .from(userProgress)
          .where(and(eq(userProgress.userId, viewer.userId), isNotNull(userProgress.exerciseId))),
        db
          .select({ day: userProgress.day })
          .from(userProgress)
          .where(
            and(eq(userProgress.userId, viewer.userId), isNull(userProgress.exerciseId), lte(userProgress.day, today)),
          )
          .orderBy(desc(userProgress.day))
          .limit(STREAK_LOOKBACK),
      ]);
      return {
        level: viewer.level,
        xp: viewer.xp,
        engagementPoints: viewer.engagementPoints,
        exercisesCompleted: completed?.n ?? 0,
        streak: checkInStreak(
          days.map((row) => row.day),
          today,
        ),
      };
    },
  );

  app.get(
    "/api/activities",
    {
      config: { access: signedIn },
      schema: {
        tags: ["progresso"],
        summary: "As 10 atividades mais recentes de quem pede",
        response: { 200: z.array(activitySchema) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      // Check-ins and exercises apart, each through its own per-person index (docs/decisions/021), then merged.
      const latest = (kind: SQL, ...order: SQL[]) =>
        db
          .select({
            id: userProgress.id,
            exerciseId: userProgress.exerciseId,
            title: exercises.title,
            deletedAt: exercises.deletedAt,
            completedAt: userProgress.completedAt,
            xpEarned: userProgress.xpEarned,
          })
          .from(userProgress)
          .leftJoin(exercises, eq(exercises.id, userProgress.exerciseId))
          .where(and(eq(userProgress.userId, viewer.userId), kind))
          .orderBy(...order)
          .limit(ACTIVITIES);
      const [checkIns, done] = await Promise.all([
        latest(isNull(userProgress.exerciseId), desc(userProgress.day), desc(userProgress.completedAt)),
        latest(isNotNull(userProgress.exerciseId), desc(userProgress.completedAt)),
      ]);
      const rows = [...checkIns, ...done]
        .sort((a, b) => b.completedAt.getTime() - a.completedAt.getTime())
        .slice(0, ACTIVITIES);
      return rows.map((row) => ({
        id: row.id,
        kind: row.exerciseId ? ("exercise" as const) : ("check_in" as const),
        title: row.exerciseId
          ? `${ptBR(row.title)}${row.deletedAt ? " (removido do catálogo)" : ""}`
          : "Check-in diário",
        completedAt: row.completedAt.toISOString(),
        xpEarned: row.xpEarned,
      }));
    },
  );
}
