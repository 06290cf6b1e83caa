/** 'Importar pessoas' as one plugin (docs/decisions/037): its routes take files, so the multipart parser is registered here. */
import type { FastifyInstance } from "fastify";
import { registerUploads } from "#server/uploads.ts";
import { rosterApiAdditionRoutes } from "./api-additions.routes.ts";
import { rosterApiKeyRoutes } from "./api-keys.routes.ts";
import { rosterHeldPeopleRoutes } from "./held-people.routes.ts";
import { hrApiRoutes } from "./hr-api.routes.ts";
import { rosterPeopleRoutes } from "./people.routes.ts";
import { rosterRoutes } from "./roster.routes.ts";

export async function rosterPlugin(app: FastifyInstance) {
  await registerUploads(app);
  await app.register(rosterRoutes);
  await app.register(rosterPeopleRoutes);
  await app.register(rosterApiKeyRoutes);
  await app.register(rosterApiAdditionRoutes);
  await app.register(rosterHeldPeopleRoutes);
  await app.register(hrApiRoutes);
}
