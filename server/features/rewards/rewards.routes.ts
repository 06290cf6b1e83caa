/** /rewards for members: the points ledger (one for every screen), the catalogue (platform + own company), redeeming, and their requests. */
import { and, asc, desc, eq, isNull, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messages } from "#core/messages.ts";
import { rewardMessages } from "#core/reward-messages.ts";
import {
  catalogueSchema,
  pointsLedgerSchema,
  redeemResultSchema,
  rewardIdParamsSchema,
} from "#core/schemas/rewards.ts";
import { profiles, rewardRedemptions, rewards } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, signedIn } from "#server/features/auth/index.ts";
import { ledgerOf, redeemReward } from "./redeem-reward.ts";

const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : null);

export async function rewardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    "/api/points",
    {
      config: { access: signedIn },
      schema: {
        tags: ["recompensas"],
        summary: "Os pontos de quem pede: ganhos no total (liberam conteúdos), usados em recompensas e o saldo",
        response: { 200: pointsLedgerSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const [points] = await db
        .select({ earned: profiles.engagementPoints, spent: profiles.pointsSpent })
        .from(profiles)
        .where(eq(profiles.userId, viewer.userId));
      return ledgerOf(points?.earned ?? 0, points?.spent ?? 0);
    },
  );

  app.get(
    "/api/rewards",
    {
      config: { access: signedIn },
      schema: {
        tags: ["recompensas"],
        summary: "Catálogo de recompensas e os resgates de quem pede",
        response: { 200: catalogueSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const offered = viewer.companyId
        ? or(isNull(rewards.companyId), eq(rewards.companyId, viewer.companyId))
        : isNull(rewards.companyId);
      const [items, mine] = await Promise.all([
        db
          .select()
          .from(rewards)
          .where(and(eq(rewards.active, true), offered))
          .orderBy(asc(rewards.pointsCost), asc(rewards.title)),
        db
          .select()
          .from(rewardRedemptions)
          .where(eq(rewardRedemptions.userId, viewer.userId))
          .orderBy(desc(rewardRedemptions.createdAt))
          .limit(50),
      ]);
      return {
        canRedeem: viewer.role !== "admin" && Boolean(viewer.companyId),
        items: items.map((row) => ({
          id: row.id,
          title: row.title,
          description: row.description,
          pointsCost: row.pointsCost,
          stock: row.stock,
          scope: row.companyId ? ("company" as const) : ("platform" as const),
        })),
        redemptions: mine.map((row) => ({
          id: row.id,
          rewardTitle: row.rewardTitle,
          pointsCost: row.pointsCost,
          status: row.status,
          createdAt: iso(row.createdAt) ?? "",
          decidedAt: iso(row.decidedAt),
        })),
      };
    },
  );

  app.post(
    "/api/rewards/:id/redeem",
    {
      config: { access: signedIn },
      schema: {
        tags: ["recompensas"],
        summary: "Resgata uma recompensa com os pontos do saldo; vira um pedido para o gestor da empresa",
        params: rewardIdParamsSchema,
        response: { 201: redeemResultSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, signedIn);
      if (viewer.role === "admin") throw new AppError("FORBIDDEN", rewardMessages.adminCannotRedeem);
      if (!viewer.companyId) throw new AppError("NO_COMPANY", messages.noCompany);
      const result = await redeemReward(db, { userId: viewer.userId, companyId: viewer.companyId }, request.params.id);
      reply.status(201);
      return { message: rewardMessages.redeemed, ...result };
    },
  );
}
