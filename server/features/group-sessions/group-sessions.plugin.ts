/**
 * Group sessions as one plugin (docs/decisions/024): app.ts registers this; a
 * new group-session route file is registered here. Its jobs are in
 * group-sessions.jobs.ts.
 */
import type { FastifyInstance } from "fastify";
import { attendanceRoutes } from "./attendance.routes.ts";
import { facilitatorRoutes } from "./facilitator.routes.ts";
import { groupSessionRoutes } from "./group-sessions.routes.ts";
import { managedListRoutes } from "./managed-list.routes.ts";
import { materialRoutes } from "./materials.routes.ts";
import { memberSessionRoutes } from "./member-sessions.routes.ts";

export async function groupSessionPlugin(app: FastifyInstance) {
  await app.register(managedListRoutes);
  await app.register(groupSessionRoutes);
  await app.register(memberSessionRoutes);
  await app.register(attendanceRoutes);
  await app.register(facilitatorRoutes);
  await app.register(materialRoutes);
}
