/**
 * /api/risks: actions re-measured (docs/decisions/091). An action's before and after per dimension,
 * the SST professional's verdict on the later campaign ('sem efeito' opens a review trigger by itself,
 * NR-1 1.5.4.4.6), and closing a review trigger with what was done.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { effectMessages as m } from "#core/action-effect.ts";
import { localDay } from "#core/dates.ts";
import { actionDimensionsSchema, triggerCloseSchema, verdictInputSchema } from "#core/schemas/risk-effect.ts";
import { actionEffectSchema } from "#core/schemas/risk-responses.ts";
import { riskScopeQuerySchema } from "#core/schemas/risks.ts";
import { serverMessages } from "#core/server-messages.ts";
import { riskActions, riskActionVerdicts, riskReviewTriggers } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";
import { changeDimensions } from "./action-dimensions.ts";
import { actionEffect } from "./action-effect.ts";
import { sqlStateOf } from "./risk-scope.ts";

const message = z.object({ message: z.string(), id: z.string().optional() });
const params = z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict();

export async function effectRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, privacyKey, now } = app.deps;
  const deps = { db, privacyKey, minGroup: env.PRIVACY_MIN_GROUP };

  const actionOf = async (companyId: string, id: string) => {
    const [row] = await db
      .select()
      .from(riskActions)
      .where(and(eq(riskActions.id, id), eq(riskActions.companyId, companyId)));
    if (!row) throw new AppError("NOT_FOUND", serverMessages.notFound);
    return row;
  };

  app.get(
    "/api/risks/actions/:id/effect",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "O índice de risco antes e depois de uma ação, por dimensão, e a eficácia confirmada",
        params,
        querystring: riskScopeQuerySchema,
        response: { 200: actionEffectSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      return actionEffect(deps, await actionOf(company.id, request.params.id));
    },
  );

  app.put(
    "/api/risks/actions/:id/dimensions",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary:
          "Muda as dimensões que uma ação aberta deve melhorar (auditado); o antes e o depois passam a ser medidos nelas",
        params,
        body: actionDimensionsSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
      await db.transaction(async (tx) => {
        const [action] = await tx
          .select()
          .from(riskActions)
          .where(and(eq(riskActions.id, request.params.id), eq(riskActions.companyId, company.id)))
          .for("update");
        if (!action) throw new AppError("NOT_FOUND", serverMessages.notFound);
        await changeDimensions(tx, viewer, action, request.body.dimensions);
      });
      return { message: m.dimensionsSaved };
    },
  );

  app.post(
    "/api/risks/actions/:id/verdict",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary:
          "Confirma a eficácia de uma ação medida pela pesquisa seguinte; 'sem efeito' abre um motivo de revisão",
        params,
        body: verdictInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      const action = await actionOf(company.id, request.params.id);
      if (action.dimensions.length === 0) throw new AppError("BAD_REQUEST", m.noDimensions);
      const effect = await actionEffect(deps, action);
      if (!effect.after) throw new AppError("CONFLICT", m.noLaterCampaign);
      if (!effect.before) throw new AppError("CONFLICT", m.noEarlierCampaign);
      if (effect.verdict) throw new AppError("CONFLICT", m.verdictExists);
      const { verdict, note } = request.body;
      const after = effect.after;
      const before = effect.before;
      const today = localDay(now(), company.timezone);
      const id = await db
        .transaction(async (tx) => {
          const [trigger] =
            verdict === "sem_efeito"
              ? await tx
                  .insert(riskReviewTriggers)
                  .values({
                    companyId: company.id,
                    establishmentId: action.establishmentId,
                    kind: "monitoramento",
                    occurredOn: today,
                    description: m.triggerDescription(
                      action.title,
                      after.title,
                      effect.dimensions.map((d) => d.name),
                    ),
                    recordedBy: viewer.name,
                  })
                  .returning({ id: riskReviewTriggers.id })
              : [];
          const [row] = await tx
            .insert(riskActionVerdicts)
            .values({
              companyId: company.id,
              actionId: action.id,
              beforeCampaignId: before.id,
              afterCampaignId: after.id,
              verdict,
              note,
              triggerId: trigger?.id ?? null,
              confirmedBy: viewer.name,
            })
            .returning({ id: riskActionVerdicts.id });
          await writeAudit(tx, viewer, "risk-action.verdict", {
            type: "risk_action",
            id: action.id,
            companyId: company.id,
            details: { action: action.title, campaign: after.title, verdict, trigger: trigger?.id ?? null },
          });
          return row?.id;
        })
        .catch((error: unknown) => {
          // Two confirmations at once: the unique (action, later campaign) lets one through.
          if (sqlStateOf(error) === "23505") throw new AppError("CONFLICT", m.verdictExists);
          throw error;
        });
      reply.status(201);
      return { message: verdict === "sem_efeito" ? m.verdictSavedWithTrigger : m.verdictSaved, id };
    },
  );

  app.post(
    "/api/risks/review-triggers/:id/close",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Conclui a revisão pedida por um motivo de revisão, com o que foi feito",
        params,
        body: triggerCloseSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
      const { closedOn, closure } = request.body;
      if (closedOn > localDay(now(), company.timezone)) throw new AppError("BAD_REQUEST", m.closureInFuture);
      await db.transaction(async (tx) => {
        const [trigger] = await tx
          .select()
          .from(riskReviewTriggers)
          .where(and(eq(riskReviewTriggers.id, request.params.id), eq(riskReviewTriggers.companyId, company.id)))
          .for("update");
        if (!trigger) throw new AppError("NOT_FOUND", m.triggerNotFound);
        if (trigger.closedOn) throw new AppError("CONFLICT", m.triggerAlreadyClosed);
        if (closedOn < trigger.occurredOn) throw new AppError("BAD_REQUEST", m.closureBeforeTrigger);
        await tx
          .update(riskReviewTriggers)
          .set({ closedOn, closure })
          .where(and(eq(riskReviewTriggers.id, trigger.id), isNull(riskReviewTriggers.closedOn)));
        await writeAudit(tx, viewer, "risk-review-trigger.close", {
          type: "risk_review_trigger",
          id: trigger.id,
          companyId: company.id,
          details: { kind: trigger.kind, closedOn },
        });
      });
      return { message: m.triggerClosed };
    },
  );
}
