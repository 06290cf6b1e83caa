/** The exercise library as a person sees it, and completing an exercise (XP decided here, never by the client). */
import { and, asc, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { localDay } from "#core/dates.ts";
import { exerciseLockedMessage } from "#core/exercise-messages.ts";
import { isExerciseLocked } from "#core/exercises.ts";
import { pointsForXp } from "#core/points.ts";
import { completeExerciseInputSchema, completionSchema, exerciseSchema } from "#core/schemas/exercises.ts";
import { serverMessages } from "#core/server-messages.ts";
import { levelFor } from "#core/xp.ts";
import type { Db } from "#server/db/client.ts";
import { companyDailyStats, exercises, profiles, userProgress, writerShard } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, consented, signedIn } from "#server/features/auth/index.ts";

type ExerciseRow = typeof exercises.$inferSelect;

export function toExercise(row: ExerciseRow, level: number, completedToday = false) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    steps: row.steps?.["pt-BR"] ?? null,
    category: row.category,
    duration: row.duration,
    requiredLevel: row.requiredLevel,
    xpReward: row.xpReward,
    mediaType: row.mediaType,
    mediaUrl: row.mediaUrl,
    thumbnail: row.thumbnail,
    createdAt: row.createdAt.toISOString(),
    locked: isExerciseLocked(row.requiredLevel, level),
    completedToday,
  };
}

/** The exercises a person completed on their own calendar day, so a card can say 'Feito hoje'. */
async function exercisesDoneOn(db: Db, userId: string, day: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ exerciseId: userProgress.exerciseId })
    .from(userProgress)
    .where(and(eq(userProgress.userId, userId), eq(userProgress.day, day), isNotNull(userProgress.exerciseId)));
  return new Set(rows.map((row) => row.exerciseId as string));
}

const idParams = z.object({ id: z.uuid({ error: serverMessages.exerciseNotFound }) });

export async function exerciseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.get(
    "/api/exercises",
    {
      config: { access: signedIn },
      schema: {
        tags: ["exercícios"],
        summary: "A biblioteca, do nível mais baixo ao mais alto",
        response: { 200: z.array(exerciseSchema) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const rows = await db
        .select()
        .from(exercises)
        .where(isNull(exercises.deletedAt))
        .orderBy(asc(exercises.requiredLevel), desc(exercises.createdAt));
      const done = await exercisesDoneOn(db, viewer.userId, localDay(now(), viewer.timezone));
      return rows.map((row) => toExercise(row, viewer.level, done.has(row.id)));
    },
  );

  app.get(
    "/api/exercises/quick",
    {
      config: { access: signedIn },
      schema: {
        tags: ["exercícios"],
        summary: "Até 3 exercícios de nível 1, os mais novos primeiro (dashboard)",
        response: { 200: z.array(exerciseSchema) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const rows = await db
        .select()
        .from(exercises)
        .where(and(isNull(exercises.deletedAt), eq(exercises.requiredLevel, 1)))
        .orderBy(desc(exercises.createdAt))
        .limit(3);
      const done = await exercisesDoneOn(db, viewer.userId, localDay(now(), viewer.timezone));
      return rows.map((row) => toExercise(row, viewer.level, done.has(row.id)));
    },
  );

  app.post(
    "/api/exercises/:id/complete",
    {
      config: { access: consented },
      schema: {
        tags: ["exercícios"],
        summary: "Marca o exercício como concluído; XP no máximo uma vez por dia por exercício",
        params: idParams,
        body: completeExerciseInputSchema,
        response: { 200: completionSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, consented);
      const at = now();
      const day = localDay(at, viewer.timezone);
      return db.transaction(async (tx) => {
        const [exercise] = await tx
          .select()
          .from(exercises)
          .where(and(eq(exercises.id, request.params.id), isNull(exercises.deletedAt)));
        if (!exercise) throw new AppError("NOT_FOUND", serverMessages.exerciseNotFound);
        if (isExerciseLocked(exercise.requiredLevel, viewer.level)) {
          throw new AppError("FORBIDDEN", exerciseLockedMessage(exercise.requiredLevel));
        }
        const values = {
          userId: viewer.userId,
          companyId: viewer.companyId,
          exerciseId: exercise.id,
          completedAt: at,
          day,
        };
        // The partial unique index lets only the day's first completion carry XP.
        const awarded = await tx
          .insert(userProgress)
          .values({ ...values, xpEarned: exercise.xpReward })
          .onConflictDoNothing({
            target: [userProgress.userId, userProgress.exerciseId, userProgress.day],
            where: sql`exercise_id is not null and xp_earned > 0`,
          })
          .returning({ id: userProgress.id });
        // A repeat the same day writes nothing: it would inflate 'exercícios concluídos' (docs/decisions/018).
        if (awarded.length === 0) {
          return {
            xpEarned: 0,
            xpAwarded: false,
            xp: viewer.xp,
            level: viewer.level,
            engagementPoints: viewer.engagementPoints,
            message: serverMessages.exerciseRepeated,
          };
        }
        if (viewer.companyId) {
          await tx
            .insert(companyDailyStats)
            .values({ companyId: viewer.companyId, day, shard: writerShard, exercises: 1 })
            .onConflictDoUpdate({
              target: [companyDailyStats.companyId, companyDailyStats.day, companyDailyStats.shard],
              set: { exercises: sql`${companyDailyStats.exercises} + 1` },
            });
        }
        const [profile] = await tx
          .update(profiles)
          .set({
            xp: sql`${profiles.xp} + ${exercise.xpReward}`,
            engagementPoints: sql`${profiles.engagementPoints} + ${pointsForXp(exercise.xpReward)}`,
            updatedAt: sql`now()`,
          })
          .where(eq(profiles.userId, viewer.userId))
          .returning({ xp: profiles.xp, engagementPoints: profiles.engagementPoints });
        const xp = profile?.xp ?? viewer.xp;
        return {
          xpEarned: exercise.xpReward,
          xpAwarded: true,
          xp,
          level: levelFor(xp),
          engagementPoints: profile?.engagementPoints ?? viewer.engagementPoints,
          message: serverMessages.exerciseCompleted,
        };
      });
    },
  );
}
