/** /api/risks/criteria: severity, probability, matrix and decisions; a published version is frozen by the database. */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { riskMessages } from "#core/risk-messages.ts";
import { defaultCriteria } from "#core/risks.ts";
import { criteriaInputSchema } from "#core/schemas/risks.ts";
import { companyScopeQuerySchema } from "#core/schemas/team.ts";
import { serverMessages } from "#core/server-messages.ts";
import { riskCriteria } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";

const message = z.object({ message: z.string(), id: z.string().optional() });
const params = z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict();

export async function criteriaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.post(
    "/api/risks/criteria",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Cria um rascunho de critérios: cópia da última versão publicada, ou o padrão 5×5 (ou 3×3)",
        body: companyScopeQuerySchema.extend({ size: z.union([z.literal(3), z.literal(5)]).optional() }),
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { company } = callerOf(request, companyManager);
      const id = await db.transaction(async (tx) => {
        // One draft at a time: the company row lock settles two clicks at once.
        await tx.execute(sql`select 1 from companies where id = ${company.id} for update`);
        const rows = await tx.select().from(riskCriteria).where(eq(riskCriteria.companyId, company.id));
        if (rows.some((row) => row.status === "draft"))
          throw new AppError("CONFLICT", riskMessages.criteriaDraftExists);
        const latest = rows.filter((row) => row.status === "published").sort((a, b) => b.version - a.version)[0];
        const content =
          request.body.size || !latest ? defaultCriteria(request.body.size ?? 5) : structuredClone(latest.content);
        const version = Math.max(0, ...rows.map((row) => row.version)) + 1;
        const [row] = await tx
          .insert(riskCriteria)
          .values({ companyId: company.id, version, content })
          .returning({ id: riskCriteria.id });
        return row?.id;
      });
      reply.status(201);
      return { message: "Rascunho de critérios criado.", id };
    },
  );

  app.patch(
    "/api/risks/criteria/:id",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Altera um rascunho de critérios (publicados não mudam)",
        params,
        body: criteriaInputSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const [row] = await db
        .select({ status: riskCriteria.status })
        .from(riskCriteria)
        .where(and(eq(riskCriteria.id, request.params.id), eq(riskCriteria.companyId, company.id)));
      if (!row) throw new AppError("NOT_FOUND", serverMessages.notFound);
      const [updated] = await db
        .update(riskCriteria)
        .set({ content: request.body.content })
        .where(and(eq(riskCriteria.id, request.params.id), eq(riskCriteria.status, "draft")))
        .returning({ id: riskCriteria.id });
      if (!updated) throw new AppError("CONFLICT", riskMessages.criteriaFrozen);
      return { message: "Critérios salvos." };
    },
  );

  app.post(
    "/api/risks/criteria/:id/publish",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Publica um rascunho de critérios; a partir daí ele não pode ser alterado",
        params,
        body: companyScopeQuerySchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
      const [row] = await db
        .select({ status: riskCriteria.status })
        .from(riskCriteria)
        .where(and(eq(riskCriteria.id, request.params.id), eq(riskCriteria.companyId, company.id)));
      if (!row) throw new AppError("NOT_FOUND", serverMessages.notFound);
      await db.transaction(async (tx) => {
        const [published] = await tx
          .update(riskCriteria)
          .set({ status: "published", publishedAt: sql`now()` })
          .where(and(eq(riskCriteria.id, request.params.id), eq(riskCriteria.status, "draft")))
          .returning({
            id: riskCriteria.id,
            version: riskCriteria.version,
            size: sql<number>`(content->>'size')::int`,
          });
        if (!published) throw new AppError("CONFLICT", riskMessages.criteriaFrozen);
        // The trail says who fixed the rules an inventory is judged by (NR-1 1.5.4.4.2; docs/decisions/026).
        await writeAudit(tx, viewer, "risk-criteria.publish", {
          type: "risk_criteria",
          id: published.id,
          companyId: company.id,
          details: { version: published.version, matrix: `${published.size}×${published.size}` },
        });
      });
      return { message: riskMessages.criteriaPublished };
    },
  );
}
