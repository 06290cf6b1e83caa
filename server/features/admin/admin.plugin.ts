/**
 * /admin as one plugin (docs/decisions/008, 019): app.ts registers this; a new
 * admin route file is registered here.
 */
import type { FastifyInstance } from "fastify";
import { adminRoutes } from "./admin.routes.ts";
import { adminHomeRoutes } from "./admin-home.routes.ts";
import { adminJobRoutes } from "./admin-jobs.routes.ts";
import { companyMemberRoutes } from "./company-members.routes.ts";
import { companyPlanRoutes } from "./company-plan.routes.ts";

export async function adminPlugin(app: FastifyInstance) {
  await app.register(adminRoutes);
  await app.register(companyMemberRoutes);
  await app.register(adminJobRoutes);
  await app.register(adminHomeRoutes);
  await app.register(companyPlanRoutes);
}
