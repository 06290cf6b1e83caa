/**
 * /group-sessions for managers and admins, what the page reads: the sessions they manage, with registrations and
 * aggregated ratings, and the options the form offers (docs/decisions/024).
 */
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { isVerificationCurrent } from "#core/care.ts";
import { managedListSchema, manageQuerySchema, sessionOptionsSchema } from "#core/schemas/group-sessions.ts";
import { psychologists, riskSectors } from "#server/db/schema/index.ts";
import { callerOf } from "#server/features/auth/index.ts";
import { listManaged } from "./managed-view.ts";
import { audienceOfQuery } from "./session-scope.ts";

export async function managedListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, now, privacyKey } = app.deps;
  const minGroup = env.PRIVACY_MIN_GROUP;
  const figures = { key: privacyKey, minGroup };

  app.get(
    "/api/group-sessions/manage",
    {
      config: { access: audienceOfQuery },
      schema: {
        tags: ["sessões em grupo"],
        summary: "Encontros da empresa (ou, para admins, os abertos a todas) com inscrições e avaliações agregadas",
        querystring: manageQuerySchema,
        response: { 200: managedListSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, audienceOfQuery);
      if (!company) return { minGroup, sessions: await listManaged(db, { platform: true }, now(), figures) };
      return { minGroup, sessions: await listManaged(db, { companyId: company.id }, now(), figures) };
    },
  );

  app.get(
    "/api/group-sessions/options",
    {
      config: { access: audienceOfQuery },
      schema: {
        tags: ["sessões em grupo"],
        summary: "O que o formulário oferece: setores da empresa e psicólogos(as) verificados(as) da plataforma",
        querystring: manageQuerySchema,
        response: { 200: sessionOptionsSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, audienceOfQuery);
      const at = now();
      const [sectors, verified] = await Promise.all([
        company
          ? db
              .select({ id: riskSectors.id, name: riskSectors.name, parentId: riskSectors.parentId })
              .from(riskSectors)
              .where(eq(riskSectors.companyId, company.id))
              .orderBy(asc(riskSectors.name))
          : [],
        db
          .select({ id: psychologists.id, name: psychologists.fullName, verifiedAt: psychologists.verifiedAt })
          .from(psychologists)
          .where(eq(psychologists.status, "verified"))
          .orderBy(asc(psychologists.fullName)),
      ]);
      return {
        sectors,
        psychologists: verified
          .filter((row) => isVerificationCurrent(row.verifiedAt, at))
          .map(({ id, name }) => ({ id, name })),
      };
    },
  );
}
