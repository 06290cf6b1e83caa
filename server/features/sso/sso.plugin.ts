/** The company's single sign-on (issue 34, docs/decisions/047): the admin's settings and the sign-in itself. */
import type { FastifyInstance } from "fastify";
import { ssoSignInRoutes } from "./sso.routes.ts";
import { ssoAdminRoutes } from "./sso-admin.routes.ts";

export async function ssoPlugin(app: FastifyInstance) {
  await app.register(ssoAdminRoutes);
  await app.register(ssoSignInRoutes);
}
