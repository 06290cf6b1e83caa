/**
 * Notifications as one plugin (docs/decisions/019, 027): app.ts registers
 * this; a new notifications route file is registered here. Its jobs are in
 * notifications.jobs.ts.
 */
import type { FastifyInstance } from "fastify";
import { channelReachRoutes } from "./channel-reach.routes.ts";
import { notificationRoutes } from "./notifications.routes.ts";
import { pushRoutes } from "./push.routes.ts";

export async function notificationPlugin(app: FastifyInstance) {
  await app.register(notificationRoutes);
  await app.register(pushRoutes);
  await app.register(channelReachRoutes);
}
