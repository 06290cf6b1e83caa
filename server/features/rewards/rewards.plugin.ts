/**
 * Rewards as one plugin (docs/decisions/028): app.ts registers this; a new
 * rewards route file is registered here.
 */
import type { FastifyInstance } from "fastify";
import { redemptionRequestRoutes } from "./redemption-requests.routes.ts";
import { rewardCatalogueRoutes } from "./reward-catalogue.routes.ts";
import { rewardRoutes } from "./rewards.routes.ts";

export async function rewardPlugin(app: FastifyInstance) {
  await app.register(rewardRoutes);
  await app.register(rewardCatalogueRoutes);
  await app.register(redemptionRequestRoutes);
}
