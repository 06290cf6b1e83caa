/** The Lei 14.831 dossier as one plugin (docs/decisions/094): app.ts registers this. */
import type { FastifyInstance } from "fastify";
import { dossierRoutes } from "./dossier.routes.ts";
import { goalRoutes } from "./goals.routes.ts";
import { noticeRoutes } from "./notices.routes.ts";
import { signedDocumentRoutes } from "./signed-documents.routes.ts";

export async function dossierPlugin(app: FastifyInstance) {
  await app.register(goalRoutes);
  await app.register(noticeRoutes);
  await app.register(dossierRoutes);
  await app.register(signedDocumentRoutes);
}
