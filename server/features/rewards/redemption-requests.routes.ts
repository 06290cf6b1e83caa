/**
 * The requests a company's manager fulfils (docs/decisions/028): who
 * redeemed what (names and rewards only, never health data), marking one
 * delivered, or cancelling it with the points given back. Only the manager of
 * the member's company: admins get 403, other companies' ids are 404.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { rewardMessages } from "#core/reward-messages.ts";
import { messageSchema, redemptionIdParamsSchema, redemptionRequestListSchema } from "#core/schemas/rewards.ts";
import { profiles, rewardRedemptions, rewards } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf } from "#server/features/auth/index.ts";
import { closeRedemption } from "./close-redemption.ts";
import { rewardManager } from "./reward-catalogue.routes.ts";

const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : null);

export async function redemptionRequestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    "/api/company/redemptions",
    {
      config: { access: rewardManager },
      schema: {
        tags: ["recompensas"],
        summary: "Pedidos de resgate da empresa: pendentes primeiro, depois os mais recentes",
        response: { 200: redemptionRequestListSchema },
      },
    },
    async (request) => {
      const companyId = callerOf(request, rewardManager);
      const rows = await db
        .select({
          id: rewardRedemptions.id,
          memberName: profiles.name,
          rewardTitle: rewardRedemptions.rewardTitle,
          pointsCost: rewardRedemptions.pointsCost,
          status: rewardRedemptions.status,
          rewardCompanyId: rewards.companyId,
          hasReward: sql<boolean>`${rewards.id} is not null`,
          createdAt: rewardRedemptions.createdAt,
          decidedAt: rewardRedemptions.decidedAt,
        })
        .from(rewardRedemptions)
        .innerJoin(profiles, eq(profiles.userId, rewardRedemptions.userId))
        .leftJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
        .where(eq(rewardRedemptions.companyId, companyId))
        .orderBy(
          sql`${rewardRedemptions.status} = 'pending' desc`,
          desc(rewardRedemptions.createdAt),
          asc(profiles.name),
        )
        .limit(200);
      return rows.map(({ rewardCompanyId, hasReward, ...row }) => ({
        ...row,
        scope: hasReward ? (rewardCompanyId ? ("company" as const) : ("platform" as const)) : null,
        createdAt: iso(row.createdAt) ?? "",
        decidedAt: iso(row.decidedAt),
      }));
    },
  );

  for (const outcome of ["delivered", "cancelled"] as const) {
    const action = outcome === "delivered" ? "deliver" : "cancel";
    app.post(
      `/api/company/redemptions/:id/${action}`,
      {
        config: { access: rewardManager },
        schema: {
          tags: ["recompensas"],
          summary:
            outcome === "delivered"
              ? "Marca um pedido de resgate como entregue"
              : "Cancela um pedido de resgate e devolve os pontos",
          params: redemptionIdParamsSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        const companyId = callerOf(request, rewardManager);
        const closed = await closeRedemption(db, companyId, request.params.id, outcome);
        if (!closed) throw await whyNotClosable(request.params.id, companyId);
        return { message: outcome === "delivered" ? rewardMessages.delivered : rewardMessages.cancelled };
      },
    );
  }

  async function whyNotClosable(id: string, companyId: string): Promise<AppError> {
    const [row] = await db
      .select({ companyId: rewardRedemptions.companyId })
      .from(rewardRedemptions)
      .where(eq(rewardRedemptions.id, id));
    if (!row || row.companyId !== companyId) return new AppError("NOT_FOUND", rewardMessages.redemptionNotFound);
    return new AppError("CONFLICT", rewardMessages.redemptionAlreadyClosed);
  }
}
