/** The 'Cartaz de ativação' (docs/decisions/045): the company's /ativar address, per establishment, for the manager to print. */
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { activationPosterSchema } from "#core/schemas/passkeys.ts";
import { rosterCompanyQuerySchema } from "#core/schemas/roster.ts";
import { companies, riskEstablishments } from "#server/db/schema/index.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";

export async function activationPosterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;

  app.get(
    "/api/activation-poster",
    {
      config: { access: companyManager },
      schema: {
        tags: ["ativação"],
        summary: "O endereço de ativação da empresa e seus estabelecimentos, para o cartaz com QR code",
        querystring: rosterCompanyQuerySchema,
        response: { 200: activationPosterSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const [code] = await db
        .select({ activationCode: companies.activationCode })
        .from(companies)
        .where(eq(companies.id, company.id));
      const establishments = await db
        .select({ id: riskEstablishments.id, name: riskEstablishments.name })
        .from(riskEstablishments)
        .where(eq(riskEstablishments.companyId, company.id))
        .orderBy(asc(riskEstablishments.name));
      return {
        companyName: company.name,
        activationUrl: new URL(`/ativar/${code?.activationCode}`, env.APP_URL).toString(),
        establishments,
      };
    },
  );
}
