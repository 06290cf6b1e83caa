/**
 * The Canal de escuta as one plugin (issue 35, docs/decisions/049): app.ts
 * registers this; a new route file of the channel is registered here.
 */
import type { FastifyInstance } from "fastify";
import { registerUploads } from "#server/uploads.ts";
import { figuresRoutes } from "./figures.routes.ts";
import { handlerRoutes } from "./handler.routes.ts";
import { listeningAdminRoutes } from "./listening-admin.routes.ts";
import { reporterRoutes } from "./reporter.routes.ts";

export async function listeningPlugin(app: FastifyInstance) {
  // Messages may carry attachments (docs/decisions/052): the multipart parser is the channel's alone.
  await registerUploads(app);
  await app.register(reporterRoutes);
  await app.register(handlerRoutes);
  await app.register(listeningAdminRoutes);
  await app.register(figuresRoutes);
}
