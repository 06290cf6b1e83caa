/** Joining without a corporate e-mail (issue 33, docs/decisions/045): the public /ativar routes and the manager's poster. */
import type { FastifyInstance } from "fastify";
import { activationRoutes } from "./activation.routes.ts";
import { activationPosterRoutes } from "./activation-poster.routes.ts";

export async function activationPlugin(app: FastifyInstance) {
  await app.register(activationRoutes);
  await app.register(activationPosterRoutes);
}
