/** /api/dossier: the Lei 14.831 dossier on screen, as a PDF and as XLSX (docs/decisions/094), for managers. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dossierSchema, dossierScopeQuerySchema } from "#core/schemas/dossier.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager, consumeFileLimit } from "#server/features/auth/index.ts";
import { readDossier } from "./dossier.ts";
import { dossierPdf, dossierXlsx } from "./dossier-documents.ts";

export async function dossierRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, privacyKey, now } = app.deps;
  const deps = { db, privacyKey, minGroup: env.PRIVACY_MIN_GROUP };

  /** A document: within the file limits, its export in the Registro de acessos. */
  async function exported(request: FastifyRequest, format: "pdf" | "xlsx") {
    const { viewer, company } = callerOf(request, companyManager);
    await consumeFileLimit(db, "document", { userId: viewer.userId, companyId: company.id });
    await writeAudit(db, viewer, "dossier.export", {
      type: "company",
      id: company.id,
      companyId: company.id,
      details: { formato: format },
    });
    return readDossier(deps, company, now());
  }

  app.get(
    "/api/dossier",
    {
      config: { access: companyManager },
      schema: {
        tags: ["conformidade"],
        summary: "O dossiê da Lei 14.831: cada diretriz do art. 3º com o que o Sereno registra",
        querystring: dossierScopeQuerySchema,
        response: { 200: dossierSchema },
      },
    },
    async (request) => {
      // It quotes Resultados' figures: each read by a person is in the Registro de acessos, as there.
      const { viewer, company } = callerOf(request, companyManager);
      await writeAudit(db, viewer, "dossier.view", { type: "company", id: company.id, companyId: company.id });
      return readDossier(deps, company, now());
    },
  );

  app.get(
    "/api/dossier.pdf",
    {
      config: { access: companyManager },
      schema: { tags: ["conformidade"], summary: "PDF do dossiê da Lei 14.831", querystring: dossierScopeQuerySchema },
    },
    async (request, reply) => {
      const dossier = await exported(request, "pdf");
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="lei-14831-${dossier.issuedOn}.pdf"`)
        .send(await dossierPdf(dossier));
    },
  );

  app.get(
    "/api/dossier.xlsx",
    {
      config: { access: companyManager },
      schema: {
        tags: ["conformidade"],
        summary: "Planilha do dossiê da Lei 14.831",
        querystring: dossierScopeQuerySchema,
      },
    },
    async (request, reply) => {
      const dossier = await exported(request, "xlsx");
      return reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", `attachment; filename="lei-14831-${dossier.issuedOn}.xlsx"`)
        .send(await dossierXlsx(dossier));
    },
  );
}
