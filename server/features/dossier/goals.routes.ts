/**
 * /api/dossier/goals: the goals a company sets on a released figure, with their periodic reviews
 * (Lei 14.831 art. 3, III, c; docs/decisions/094). Managers only; each write in one transaction with its audit.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { localDay } from "#core/dates.ts";
import { dossierMessages as m } from "#core/dossier-messages.ts";
import { goalInputSchema, goalReviewInputSchema } from "#core/schemas/dossier.ts";
import { mentalHealthGoalReviews, mentalHealthGoals } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";

const message = z.object({ message: z.string(), id: z.string() });

export async function goalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.post(
    "/api/dossier/goals",
    {
      config: { access: companyManager },
      schema: {
        tags: ["conformidade"],
        summary: "Registra uma meta de saúde mental com as datas de revisão (Lei 14.831, art. 3º, III, c)",
        body: goalInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      const { metric, target, firstReviewOn, reviewEveryMonths } = request.body;
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(mentalHealthGoals)
          .values({
            companyId: company.id,
            metric,
            target,
            firstReviewOn,
            reviewEveryMonths,
            createdBy: viewer.name,
            createdAt: now(),
          })
          .returning({ id: mentalHealthGoals.id });
        await writeAudit(tx, viewer, "dossier-goal.create", {
          type: "mental_health_goal",
          id: row?.id ?? null,
          companyId: company.id,
          details: { metric },
        });
        return row?.id ?? "";
      });
      reply.status(201);
      return { message: m.goalSaved, id };
    },
  );

  app.post(
    "/api/dossier/goals/:goalId/reviews",
    {
      config: { access: companyManager },
      schema: {
        tags: ["conformidade"],
        summary: "Registra a revisão periódica de uma meta: o dia e o que ela concluiu",
        params: z.object({ goalId: z.uuid({ error: m.goalNotFound }) }),
        body: goalReviewInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      const { reviewedOn, note } = request.body;
      if (reviewedOn > localDay(now(), company.timezone)) throw new AppError("BAD_REQUEST", m.reviewInFuture);
      const id = await db.transaction(async (tx) => {
        const [goal] = await tx
          .select({ id: mentalHealthGoals.id })
          .from(mentalHealthGoals)
          .where(and(eq(mentalHealthGoals.id, request.params.goalId), eq(mentalHealthGoals.companyId, company.id)));
        if (!goal) throw new AppError("NOT_FOUND", m.goalNotFound);
        const [row] = await tx
          .insert(mentalHealthGoalReviews)
          .values({ goalId: goal.id, reviewedOn, note, reviewedBy: viewer.name })
          .returning({ id: mentalHealthGoalReviews.id });
        await writeAudit(tx, viewer, "dossier-goal.review", {
          type: "mental_health_goal",
          id: goal.id,
          companyId: company.id,
          details: { reviewedOn },
        });
        return row?.id ?? "";
      });
      reply.status(201);
      return { message: m.reviewSaved, id };
    },
  );
}
