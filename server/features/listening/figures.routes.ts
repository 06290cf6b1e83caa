/** Counts of the Canal de escuta for managers and admins: figures only, never a case (docs/decisions/049). */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listeningFiguresQuerySchema, listeningFiguresSchema } from "#core/schemas/listening.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";
import { today } from "./case-access.ts";
import { listeningFigures } from "./figures.ts";

export async function figuresRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, privacyKey, env } = app.deps;
  app.get(
    "/api/escuta/numeros",
    {
      config: { access: companyManager },
      schema: {
        tags: ["canal de escuta"],
        summary: "Casos por categoria e situação nos trimestres fechados (camada de divulgação)",
        querystring: listeningFiguresQuerySchema,
        response: { 200: listeningFiguresSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      return listeningFigures({ db, privacyKey, minGroup: env.PRIVACY_MIN_GROUP }, company.id, today(request));
    },
  );
}
