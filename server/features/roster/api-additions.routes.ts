/**
 * The HR API's daily cap on new people (docs/decisions/057): the company's
 * manager (or an admin) reads where the day stands; only the platform admin
 * allows more, for the next 24 hours, as an entry of the Registro de acessos.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyIdParamsSchema } from "#core/schemas/admin.ts";
import { rosterCompanyQuerySchema } from "#core/schemas/roster.ts";
import { apiAdditionsSchema, apiAllowanceInputSchema } from "#core/schemas/roster-api.ts";
import { serverMessages } from "#core/server-messages.ts";
import { companies, rosterApiAdditions } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf, companyManager } from "#server/features/auth/index.ts";
import { additionsToday } from "./api-additions.ts";

export async function rosterApiAdditionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.get(
    "/api/roster/api-additions",
    {
      config: { access: companyManager },
      schema: {
        tags: ["pessoas"],
        summary:
          "Quantas pessoas a API de RH ainda pode adicionar nas próximas 24 horas: o limite do dia, o que já entrou e o que o administrador liberou",
        querystring: rosterCompanyQuerySchema,
        response: { 200: apiAdditionsSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      return additionsToday(db, company.id, now());
    },
  );

  app.post(
    "/api/admin/companies/:id/roster-api-allowance",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary:
          "Libera mais pessoas pela API de RH nas próximas 24 horas, além do limite do dia (10 % do cadastro, no mínimo 25); fica no Registro de acessos",
        params: companyIdParamsSchema,
        body: apiAllowanceInputSchema,
        response: { 201: apiAdditionsSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, admin);
      const companyId = request.params.id;
      const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
      if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
      const at = now();
      await db.insert(rosterApiAdditions).values({
        companyId,
        kind: "allowed",
        people: request.body.people,
        allowedBy: viewer.userId,
        createdAt: at,
      });
      await writeAudit(db, viewer, "roster.api.allowance", {
        type: "company",
        id: companyId,
        companyId,
        details: { pessoas: request.body.people },
      });
      reply.status(201);
      return additionsToday(db, companyId, at);
    },
  );
}
