/**
 * Configurações as one plugin: app.ts registers this; a new settings route
 * file is registered here.
 */
import type { FastifyInstance } from "fastify";
import { activeSessionRoutes } from "./active-sessions.routes.ts";
import { settingsRoutes } from "./settings.routes.ts";

export async function settingsPlugin(app: FastifyInstance) {
  await app.register(settingsRoutes);
  await app.register(activeSessionRoutes);
}
