/**
 * The WhatsApp channel as one plugin (docs/decisions/092): app.ts registers this. The webhook has its
 * own scope, since it keeps the raw body for the signature. Its jobs are in whatsapp.jobs.ts.
 */
import type { FastifyInstance } from "fastify";
import { whatsappAdminRoutes } from "./whatsapp-admin.routes.ts";
import { whatsappMeRoutes } from "./whatsapp-me.routes.ts";
import { whatsappWebhookRoutes } from "./whatsapp-webhook.routes.ts";

export async function whatsappPlugin(app: FastifyInstance) {
  await app.register(whatsappAdminRoutes);
  await app.register(whatsappMeRoutes);
  await app.register(whatsappWebhookRoutes);
}
