/** The Lei 14.457 file as one plugin (docs/decisions/090): app.ts registers this. */
import type { FastifyInstance } from "fastify";
import { conductRoutes } from "./conduct.routes.ts";
import { harassmentFileRoutes } from "./harassment-file.routes.ts";
import { trainingRoutes } from "./trainings.routes.ts";

export async function compliancePlugin(app: FastifyInstance) {
  await app.register(conductRoutes);
  await app.register(trainingRoutes);
  await app.register(harassmentFileRoutes);
}
