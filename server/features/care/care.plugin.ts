/**
 * 'Apoio psicológico' as one plugin (docs/decisions/025): app.ts registers
 * this; a new care route file is registered here. Its jobs are in care.jobs.ts.
 */
import type { FastifyInstance } from "fastify";
import { agendaRoutes } from "./agenda.routes.ts";
import { careRoutes } from "./care.routes.ts";
import { careAdminRoutes } from "./care-admin.routes.ts";
import { companyCareRuleRoutes } from "./company-care-rule.routes.ts";
import { careDirectoryRoutes } from "./directory.routes.ts";
import { careMeasureRoutes } from "./measures.routes.ts";
import { messageRoutes } from "./messages.routes.ts";
import { myCareRoutes } from "./my-care.routes.ts";
import { patientMeasureRoutes } from "./patient-measures.routes.ts";
import { psychologistPhotoRoutes } from "./psychologist-photo.routes.ts";
import { careUsageRoutes } from "./usage.routes.ts";

export async function carePlugin(app: FastifyInstance) {
  await app.register(careDirectoryRoutes);
  await app.register(careRoutes);
  await app.register(myCareRoutes);
  await app.register(agendaRoutes);
  await app.register(messageRoutes);
  await app.register(careUsageRoutes);
  await app.register(careMeasureRoutes);
  await app.register(patientMeasureRoutes);
  await app.register(careAdminRoutes);
  await app.register(psychologistPhotoRoutes);
  await app.register(companyCareRuleRoutes);
}
