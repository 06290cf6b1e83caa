/**
 * Joining without a corporate e-mail (issue 33, docs/decisions/045): the public /ativar routes, the manager's
 * poster, and confirming a personal e-mail given at /ativar (docs/decisions/066).
 */
import type { FastifyInstance } from "fastify";
import { activationRoutes } from "./activation.routes.ts";
import { activationPosterRoutes } from "./activation-poster.routes.ts";
import { emailConfirmationRoutes } from "./email-confirmation.routes.ts";

export async function activationPlugin(app: FastifyInstance) {
  await app.register(activationRoutes);
  await app.register(activationPosterRoutes);
  await app.register(emailConfirmationRoutes);
}
