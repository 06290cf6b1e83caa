/**
 * SCIM provisioning as one plugin (docs/decisions/037, 048): the admin's
 * token routes under /api/admin, and the SCIM API itself under /scim/v2 in a
 * child context of its own, where `application/scim+json` is read as JSON
 * and every refusal leaves in SCIM's error schema.
 */
import type { FastifyInstance } from "fastify";
import { scimMessages } from "#core/scim-messages.ts";
import { scimDiscoveryRoutes } from "./discovery.routes.ts";
import { scimGroupRoutes } from "./groups.routes.ts";
import { handleScimError, SCIM_CONTENT_TYPE, scimErrorBody } from "./scim-errors.ts";
import { scimTokenRoutes } from "./tokens.routes.ts";
import { scimUserRoutes } from "./users.routes.ts";

async function scimApi(app: FastifyInstance) {
  app.addContentTypeParser("application/scim+json", { parseAs: "string" }, app.getDefaultJsonParser("error", "error"));
  app.setErrorHandler(handleScimError);
  // Each route declares scimCaller (scim-route.ts): the token is read on request, before the body.
  app.setNotFoundHandler((request, reply) => {
    reply
      .header("x-request-id", request.id)
      .type(SCIM_CONTENT_TYPE)
      .status(404)
      .send(scimErrorBody(404, scimMessages.notFound));
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    // RFC 7644 §3.1: SCIM answers are application/scim+json; an identity provider's answer is never cached.
    if (reply.statusCode !== 204) reply.type(SCIM_CONTENT_TYPE);
    reply.header("cache-control", "no-store");
    return payload;
  });
  await app.register(scimDiscoveryRoutes);
  await app.register(scimUserRoutes);
  await app.register(scimGroupRoutes);
}

export async function scimPlugin(app: FastifyInstance) {
  await app.register(scimTokenRoutes);
  await app.register(scimApi, { prefix: "/scim/v2" });
}
