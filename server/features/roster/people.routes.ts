/** The company's imported people as Equipe lists them: name, matrícula, sector, where they are (never a figure). */
import { and, asc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { rosterPeopleQuerySchema, rosterPeopleSchema } from "#core/schemas/roster.ts";
import { profiles, rosterPeople } from "#server/db/schema/index.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";

const PAGE_SIZE = 50;

export async function rosterPeopleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    "/api/roster/people",
    {
      config: { access: companyManager },
      schema: {
        tags: ["pessoas"],
        summary:
          "Pessoas do cadastro da empresa (ativas), 50 por página, com setor e situação (ativa, convidada, aguardando ativação)",
        querystring: rosterPeopleQuerySchema,
        response: { 200: rosterPeopleSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const { page, search } = request.query;
      const pattern = search ? `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
      const where = and(
        eq(rosterPeople.companyId, company.id),
        isNull(rosterPeople.leftAt),
        pattern ? or(ilike(rosterPeople.name, pattern), ilike(rosterPeople.matricula, pattern)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: rosterPeople.id,
            name: rosterPeople.name,
            matricula: rosterPeople.matricula,
            cpfLast2: rosterPeople.cpfLast2,
            email: rosterPeople.email,
            jobTitle: rosterPeople.jobTitle,
            sector: rosterPeople.sectorPath,
            member: profiles.companyId,
            userId: rosterPeople.userId,
          })
          .from(rosterPeople)
          .leftJoin(profiles, eq(profiles.userId, rosterPeople.userId))
          .where(where)
          .orderBy(asc(rosterPeople.name), asc(rosterPeople.matricula))
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE),
        db.select({ n: sql<number>`count(*)::int` }).from(rosterPeople).where(where),
      ]);
      return {
        total: total?.n ?? 0,
        pageSize: PAGE_SIZE,
        items: rows.map(({ member, userId, ...row }) => ({
          ...row,
          status:
            userId && member === company.id
              ? ("active" as const)
              : row.email
                ? ("invited" as const)
                : ("awaiting" as const),
        })),
      };
    },
  );
}
