/**
 * Resultados (issue 47, docs/decisions/088): the page's figures for a company's managers and admins, and the
 * aggregate-only feed for Power BI and Excel, read with a Resultados key. Both serve the figures the
 * publishing job stored; each read by a person is in the Registro de acessos.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { feedSchema, resultadosQuerySchema, resultadosSchema } from "#core/schemas/resultados.ts";
import { writeAudit } from "#server/features/audit/audit.ts";
import { callerOf, companyManager } from "#server/features/auth/access.ts";
import { resultadosKey } from "#server/features/roster/api-keys.ts";
import { readResultados } from "./read-resultados.ts";
import { resultadosCsv, resultadosRows } from "./resultados-rows.ts";

export async function resultadosRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now, env } = app.deps;
  const minGroup = env.PRIVACY_MIN_GROUP;

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
      return readResultados(db, company, now(), minGroup);
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
      const resultados = await readResultados(db, company, now(), minGroup);
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
      const resultados = await readResultados(db, company, now(), minGroup);
      return reply.header("content-type", "text/csv; charset=utf-8").send(resultadosCsv(resultados));
    },
  );
}
