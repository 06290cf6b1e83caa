/** /api/compliance/harassment-file: the Lei 14.457 file on screen and as a PDF (docs/decisions/090). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { localDay } from "#core/dates.ts";
import { complianceScopeQuerySchema, harassmentFileSchema } from "#core/schemas/compliance.ts";
import { callerOf, companyManager, consumeFileLimit } from "#server/features/auth/index.ts";
import { harassmentFile } from "./harassment-file.ts";
import { harassmentFilePdf } from "./harassment-file-pdf.ts";

export async function harassmentFileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, privacyKey, now } = app.deps;
  const deps = { db, privacyKey, minGroup: env.PRIVACY_MIN_GROUP };

  app.get(
    "/api/compliance/harassment-file",
    {
      config: { access: companyManager },
      schema: {
        tags: ["conformidade"],
        summary: "O dossiê da Lei 14.457: regras de conduta, procedimento de denúncia, CIPA e treinamentos",
        querystring: complianceScopeQuerySchema,
        response: { 200: harassmentFileSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      return harassmentFile(deps, company, localDay(now(), company.timezone));
    },
  );

  app.get(
    "/api/compliance/harassment-file.pdf",
    {
      config: { access: companyManager },
      schema: {
        tags: ["conformidade"],
        summary: "PDF do dossiê da Lei 14.457",
        querystring: complianceScopeQuerySchema,
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      await consumeFileLimit(db, "document", { userId: viewer.userId, companyId: company.id });
      const today = localDay(now(), company.timezone);
      const pdf = await harassmentFilePdf(await harassmentFile(deps, company, today), company.timezone);
      reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="lei-14457-${today}.pdf"`);
      return reply.send(pdf);
    },
  );
}
