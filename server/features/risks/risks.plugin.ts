/**
 * The NR-1 psychosocial risk module as one plugin (docs/decisions/026): app.ts
 * registers this; a new risks route file is registered here. Every risks route
 * may take files (evidence, attendance lists), so the multipart parser is
 * registered first (server/uploads.ts).
 */
import type { FastifyInstance } from "fastify";
import { registerUploads } from "#server/uploads.ts";
import { campaignRoutes } from "./campaigns.routes.ts";
import { criteriaRoutes } from "./criteria.routes.ts";
import { effectRoutes } from "./effect.routes.ts";
import { evidenceRoutes } from "./evidence.routes.ts";
import { exportRoutes } from "./exports.routes.ts";
import { inventoryRoutes } from "./inventory.routes.ts";
import { inventoryVersionRoutes } from "./inventory-versions.routes.ts";
import { riskOverviewRoutes } from "./overview.routes.ts";
import { pgrRoutes } from "./pgr.routes.ts";
import { recordRoutes } from "./records.routes.ts";
import { signedAnnexRoutes } from "./signed-annex.routes.ts";
import { structureRoutes } from "./structure.routes.ts";
import { surveyRoutes } from "./survey.routes.ts";

export async function riskPlugin(app: FastifyInstance) {
  await registerUploads(app);
  await app.register(riskOverviewRoutes);
  await app.register(structureRoutes);
  await app.register(criteriaRoutes);
  await app.register(campaignRoutes);
  await app.register(surveyRoutes);
  await app.register(inventoryRoutes);
  await app.register(inventoryVersionRoutes);
  await app.register(exportRoutes);
  await app.register(recordRoutes);
  await app.register(effectRoutes);
  await app.register(evidenceRoutes);
  await app.register(signedAnnexRoutes);
  await app.register(pgrRoutes);
}
