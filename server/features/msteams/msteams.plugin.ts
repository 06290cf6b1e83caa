/**
 * The Microsoft Teams channel as one plugin (docs/decisions/095): app.ts registers this. Its jobs are in
 * msteams.jobs.ts.
 */
import type { FastifyInstance } from "fastify";
import { msteamsAdminRoutes } from "./msteams-admin.routes.ts";
import { msteamsBotRoutes } from "./msteams-bot.routes.ts";
import { msteamsMeRoutes } from "./msteams-me.routes.ts";

export async function msteamsPlugin(app: FastifyInstance) {
  await app.register(msteamsAdminRoutes);
  await app.register(msteamsMeRoutes);
  await app.register(msteamsBotRoutes);
}
