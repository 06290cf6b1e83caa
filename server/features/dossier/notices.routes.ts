/**
 * 'Você falou, fizemos' (Lei 14.831 art. 3, III, a; docs/decisions/094): a manager publishes a short notice to
 * every member of the company; each member reads their company's notices, newest first, with their dates.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dossierMessages as m } from "#core/dossier-messages.ts";
import { noticeInputSchema, noticesSchema } from "#core/schemas/dossier.ts";
import { companies, companyNotices } from "#server/db/schema/index.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager, signedIn } from "#server/features/auth/index.ts";
import { companyNoticeList } from "./dossier.ts";

export async function noticeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.post(
    "/api/dossier/notices",
    {
      config: { access: companyManager },
      schema: {
        tags: ["conformidade"],
        summary: "Publica um aviso 'Você falou, fizemos' para todas as pessoas da empresa",
        body: noticeInputSchema,
        response: { 201: z.object({ message: z.string(), id: z.string() }) },
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      const { title, body } = request.body;
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(companyNotices)
          .values({ companyId: company.id, title, body, publishedBy: viewer.name, publishedAt: now() })
          .returning({ id: companyNotices.id });
        await writeAudit(tx, viewer, "company-notice.publish", {
          type: "company_notice",
          id: row?.id ?? null,
          companyId: company.id,
        });
        return row?.id ?? "";
      });
      reply.status(201);
      return { message: m.noticePublished, id };
    },
  );

  app.get(
    "/api/notices",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conformidade"],
        summary: "Os avisos 'Você falou, fizemos' da sua empresa, do mais recente ao mais antigo",
        response: { 200: noticesSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      if (!viewer.companyId) return { notices: [] };
      const [company] = await db
        .select({ id: companies.id, timezone: companies.timezone })
        .from(companies)
        .where(eq(companies.id, viewer.companyId));
      return { notices: company ? await companyNoticeList(db, company) : [] };
    },
  );
}
