/**
 * Resultados (issue 47, docs/decisions/088): the page's figures for a company's managers and admins, and the
 * aggregate-only feed for Power BI and Excel, read with a Resultados key. Both serve the figures the
 * publishing job stored; each read by a person is in the Registro de acessos.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { localDay } from "#core/dates.ts";
import { formatDayPtBR } from "#core/format.ts";
import { feedSchema, resultadosQuerySchema, resultadosSchema } from "#core/schemas/resultados.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager, consumeFileLimit } from "#server/features/auth/index.ts";
import { resultadosKey } from "#server/features/roster/index.ts";
import { readResultados } from "./read-resultados.ts";
import { resultadosPdf, resultadosXlsx } from "./resultados-documents.ts";
import { resultadosCsv, resultadosRows } from "./resultados-rows.ts";

const slug = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40) || "empresa";

export async function resultadosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now, env, privacyKey } = app.deps;
  const minGroup = env.PRIVACY_MIN_GROUP;

  /** A document's figures: within the file limits, its export in the Registro de acessos. */
  async function exported(request: FastifyRequest, format: "pdf" | "xlsx") {
    const { viewer, company } = callerOf(request, companyManager);
    await consumeFileLimit(db, "document", { userId: viewer.userId, companyId: company.id });
    await writeAudit(db, viewer, "resultados.export", {
      type: "company",
      id: company.id,
      companyId: company.id,
      details: { formato: format },
    });
    return readResultados(db, privacyKey, company, now(), minGroup);
  }

  app.get(
    "/api/resultados",
    {
      config: { access: companyManager },
      schema: {
        tags: ["resultados"],
        summary:
          "Resultados da empresa: adesão por mês, bem-estar e cuidado por trimestre, cada número com n, taxa e margem",
        querystring: resultadosQuerySchema,
        response: { 200: resultadosSchema },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
      await writeAudit(db, viewer, "resultados.view", { type: "company", id: company.id, companyId: company.id });
      return readResultados(db, privacyKey, company, now(), minGroup);
    },
  );

  app.get(
    "/api/resultados/resumo.pdf",
    {
      config: { access: companyManager },
      schema: {
        tags: ["resultados"],
        summary: "Resumo executivo do mês em PDF (uma página): os números com margem, n e taxa, e a nota de método",
        querystring: resultadosQuerySchema,
        produces: ["application/pdf"],
      },
    },
    async (request, reply) => {
      const resultados = await exported(request, "pdf");
      const pdf = await resultadosPdf(resultados, formatDayPtBR(localDay(now(), "America/Sao_Paulo")));
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="resultados-${slug(resultados.company.name)}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    "/api/resultados/resultados.xlsx",
    {
      config: { access: companyManager },
      schema: {
        tags: ["resultados"],
        summary: "Os números de Resultados em planilha (XLSX): uma linha por número e período, nunca por pessoa",
        querystring: resultadosQuerySchema,
        produces: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      },
    },
    async (request, reply) => {
      const resultados = await exported(request, "xlsx");
      return reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", `attachment; filename="resultados-${slug(resultados.company.name)}.xlsx"`)
        .send(await resultadosXlsx(resultados));
    },
  );

  app.get(
    "/api/v1/resultados/figuras",
    {
      config: { access: resultadosKey },
      schema: {
        tags: ["resultados"],
        summary: "Feed de Resultados para Power BI e Excel (JSON): uma linha por número e período, nunca por pessoa",
        response: { 200: feedSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, resultadosKey);
      const resultados = await readResultados(db, privacyKey, company, now(), minGroup);
      return { empresa: company.name, aviso: resultados.caveat, linhas: resultadosRows(resultados) };
    },
  );

  app.get(
    "/api/v1/resultados/figuras.csv",
    {
      config: { access: resultadosKey },
      schema: {
        tags: ["resultados"],
        summary: "Feed de Resultados para Power BI e Excel (CSV com ';'): uma linha por número e período",
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const { company } = callerOf(request, resultadosKey);
      const resultados = await readResultados(db, privacyKey, company, now(), minGroup);
      return reply.header("content-type", "text/csv; charset=utf-8").send(resultadosCsv(resultados));
    },
  );
}
