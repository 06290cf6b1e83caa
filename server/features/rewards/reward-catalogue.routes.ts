/**
 * Keeping the catalogues (docs/decisions/028): a manager their company's
 * rewards at /api/company/rewards, an admin the platform's at
 * /api/admin/rewards. Admins never manage a company's rewards nor see who
 * redeemed anything.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { messages } from "#core/messages.ts";
import { rewardMessages } from "#core/reward-messages.ts";
import {
  managedRewardListSchema,
  managedRewardSchema,
  rewardIdParamsSchema,
  rewardInputSchema,
  rewardPatchSchema,
} from "#core/schemas/rewards.ts";
import { AppError } from "#server/errors.ts";
import { type Access, callerOf, defineAccess, requireRole } from "#server/features/auth/index.ts";
import { type CatalogueOwner, createReward, listManagedRewards, updateReward } from "./managed-rewards.ts";

/** A company's manager (not an admin: admins never manage a company's rewards): their company's id. */
export const rewardManager = defineAccess("roles", async (request) => {
  const viewer = await requireRole(request, "manager");
  if (!viewer.companyId) throw new AppError("NO_COMPANY", messages.noCompany);
  return viewer.companyId;
});
/** The platform's admin, for the platform's catalogue (its owner is null). */
const platformCatalogue = defineAccess("admin", async (request) => {
  await requireRole(request, "admin");
  return null;
});

export async function rewardCatalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  for (const side of ["company", "admin"] as const) {
    const base = side === "company" ? "/api/company/rewards" : "/api/admin/rewards";
    const who = side === "company" ? "da empresa (gestor)" : "da plataforma (admin)";
    const owner: Access<CatalogueOwner> = side === "company" ? rewardManager : platformCatalogue;

    app.get(
      base,
      {
        config: { access: owner },
        schema: {
          tags: ["recompensas"],
          summary: `Recompensas ${who}, com quantos resgates cada uma tem`,
          response: { 200: managedRewardListSchema },
        },
      },
      async (request) => listManagedRewards(db, callerOf(request, owner)),
    );

    app.post(
      base,
      {
        config: { access: owner },
        schema: {
          tags: ["recompensas"],
          summary: `Cria uma recompensa ${who}`,
          body: rewardInputSchema,
          response: { 201: managedRewardSchema.extend({ message: z.string() }) },
        },
      },
      async (request, reply) => {
        const created = await createReward(db, callerOf(request, owner), request.body);
        reply.status(201);
        return { ...created, message: rewardMessages.created };
      },
    );

    app.patch(
      `${base}/:id`,
      {
        config: { access: owner },
        schema: {
          tags: ["recompensas"],
          summary: `Edita, pausa ou reativa uma recompensa ${who}`,
          params: rewardIdParamsSchema,
          body: rewardPatchSchema,
          response: { 200: managedRewardSchema.extend({ message: z.string() }) },
        },
      },
      async (request) => {
        const updated = await updateReward(db, callerOf(request, owner), request.params.id, request.body);
        return { ...updated, message: rewardMessages.saved };
      },
    );
  }
}
