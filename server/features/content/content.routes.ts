/** The content library: every item with its lock state; an item's body only once unlocked. */
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contentLockedMessage, exerciseMessages } from "#core/exercise-messages.ts";
import { ptBR } from "#core/exercises.ts";
import { isContentUnlocked, pointsMissing } from "#core/points.ts";
import { contentDetailSchema, contentListSchema } from "#core/schemas/content.ts";
import { content } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, signedIn } from "#server/features/auth/index.ts";

function toItem(row: typeof content.$inferSelect, points: number) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    contentType: row.contentType,
    pointsRequired: row.pointsRequired,
    duration: row.duration,
    thumbnail: row.thumbnail,
    unlocked: isContentUnlocked(row.pointsRequired, points),
    pointsMissing: pointsMissing(row.pointsRequired, points),
  };
}

export async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    "/api/content",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conteúdos"],
        summary: "A biblioteca de conteúdos, liberados pelos pontos ganhos no total de quem pede",
        response: { 200: contentListSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const rows = await db.select().from(content).orderBy(asc(content.pointsRequired), asc(content.createdAt));
      return { items: rows.map((row) => toItem(row, viewer.engagementPoints)) };
    },
  );

  app.get(
    "/api/content/:id",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conteúdos"],
        summary: "Um conteúdo liberado, com o texto",
        params: z.object({ id: z.uuid({ error: exerciseMessages.contentNotFound }) }),
        response: { 200: contentDetailSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const [row] = await db.select().from(content).where(eq(content.id, request.params.id));
      if (!row) throw new AppError("NOT_FOUND", exerciseMessages.contentNotFound);
      if (!isContentUnlocked(row.pointsRequired, viewer.engagementPoints)) {
        throw new AppError(
          "FORBIDDEN",
          contentLockedMessage(pointsMissing(row.pointsRequired, viewer.engagementPoints)),
        );
      }
      return { ...toItem(row, viewer.engagementPoints), body: ptBR(row.body) };
    },
  );
}
