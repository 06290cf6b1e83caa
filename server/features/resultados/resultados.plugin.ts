/** Resultados as one plugin (docs/decisions/037, 088): the figures, the feed and the feed's keys. */
import type { FastifyInstance } from "fastify";
import { apiKeyRoutes } from "#server/features/roster/index.ts";
import { resultadosRoutes } from "./resultados.routes.ts";

export async function resultadosPlugin(app: FastifyInstance) {
  await app.register(resultadosRoutes);
  await app.register(apiKeyRoutes("resultados"));
}
