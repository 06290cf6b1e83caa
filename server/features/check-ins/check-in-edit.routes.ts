/**
 * One of the person's own check-ins: read it, edit or delete its note, delete
 * it (LGPD art. 18, docs/decisions/015). Every query is scoped to the
 * caller's user id, so another person's id answers 404 like a missing one.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  checkInIdParamsSchema,
  checkInSchema,
  deletedCheckInSchema,
  updateCheckInNotesInputSchema,
} from "#core/schemas/check-ins.ts";
import { serverMessages } from "#core/server-messages.ts";
import { userProgress } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, signedIn } from "#server/features/auth/index.ts";
import { deleteOwnCheckIn } from "./delete-check-in.ts";
import { toCheckIn } from "./to-check-in.ts";

export async function checkInEditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const ownCheckIn = (userId: string, id: string) =>
    and(eq(userProgress.id, id), eq(userProgress.userId, userId), isNull(userProgress.exerciseId));

  app.get(
    "/api/check-ins/:id",
    {
      config: { access: signedIn },
      schema: {
        tags: ["check-ins"],
        summary: "Um dos próprios check-ins (humor e anotação)",
        params: checkInIdParamsSchema,
        response: { 200: checkInSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const [row] = await db.select().from(userProgress).where(ownCheckIn(viewer.userId, request.params.id));
      if (!row) throw new AppError("NOT_FOUND", serverMessages.checkInNotFound);
      return toCheckIn(row);
    },
  );

  app.patch(
    "/api/check-ins/:id",
    {
      config: { access: signedIn },
      schema: {
        tags: ["check-ins"],
        summary: "Edita ou apaga (notes: null) a anotação de um dos próprios check-ins",
        params: checkInIdParamsSchema,
        body: updateCheckInNotesInputSchema,
        response: { 200: checkInSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      // Editing or deleting one's own note is a right, with or without consent in force (art. 18, III and VI).
      const [row] = await db
        .update(userProgress)
        .set({ notes: request.body.notes || null })
        .where(ownCheckIn(viewer.userId, request.params.id))
        .returning();
      if (!row) throw new AppError("NOT_FOUND", serverMessages.checkInNotFound);
      return toCheckIn(row);
    },
  );

  app.delete(
    "/api/check-ins/:id",
    {
      config: { access: signedIn },
      schema: {
        tags: ["check-ins"],
        summary: "Exclui um dos próprios check-ins; o XP e os pontos dele são descontados",
        params: checkInIdParamsSchema,
        response: { 200: deletedCheckInSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const result = await deleteOwnCheckIn(db, viewer.userId, request.params.id);
      if (!result) throw new AppError("NOT_FOUND", serverMessages.checkInNotFound);
      return { ...result, message: serverMessages.checkInDeleted };
    },
  );
}
