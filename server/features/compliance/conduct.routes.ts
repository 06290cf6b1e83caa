/**
 * /api/compliance/conduct: the company's rules of conduct (Lei 14.457 art. 23, I), versioned; each
 * member acknowledges a version once (docs/decisions/090). A new version is a new row: the old ones
 * and who acknowledged them stay, as the file must show what was in force when.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { complianceMessages as m } from "#core/compliance-messages.ts";
import { conductInputSchema } from "#core/schemas/compliance.ts";
import type { Db } from "#server/db/client.ts";
import { conductAcknowledgements, conductVersions } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager, signedIn } from "#server/features/auth/index.ts";

const message = z.object({ message: z.string(), id: z.string().optional() });
const currentSchema = z.object({
  conduct: z
    .object({ id: z.string(), version: z.number().int(), text: z.string(), acknowledged: z.boolean() })
    .nullable(),
});

export async function currentConduct(db: Db, companyId: string) {
  const [row] = await db
    .select()
    .from(conductVersions)
    .where(eq(conductVersions.companyId, companyId))
    .orderBy(desc(conductVersions.version))
    .limit(1);
  return row ?? null;
}

export async function conductRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.post(
    "/api/compliance/conduct",
    {
      config: { access: companyManager },
      schema: {
        tags: ["conformidade"],
        summary: "Publica uma nova versão das regras de conduta (Lei 14.457, art. 23, I)",
        body: conductInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      const row = await db.transaction(async (tx) => {
        // Two publications at once: the company row lock gives each its own number.
        await tx.execute(sql`select id from companies where id = ${company.id} for update`);
        const [last] = await tx
          .select({ version: conductVersions.version })
          .from(conductVersions)
          .where(eq(conductVersions.companyId, company.id))
          .orderBy(desc(conductVersions.version))
          .limit(1);
        const version = (last?.version ?? 0) + 1;
        const [inserted] = await tx
          .insert(conductVersions)
          .values({ companyId: company.id, version, text: request.body.text, publishedBy: viewer.name })
          .returning({ id: conductVersions.id, version: conductVersions.version });
        await writeAudit(tx, viewer, "conduct.publish", {
          type: "conduct_version",
          id: inserted?.id ?? null,
          companyId: company.id,
          details: { version },
        });
        return inserted;
      });
      reply.status(201);
      return { message: m.conductPublished(row?.version ?? 1), id: row?.id };
    },
  );

  app.get(
    "/api/compliance/conduct",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conformidade"],
        summary: "As regras de conduta em vigor na empresa e se você já deu ciência",
        response: { 200: currentSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const row = viewer.companyId ? await currentConduct(db, viewer.companyId) : null;
      if (!row) return { conduct: null };
      const [ack] = await db
        .select({ at: conductAcknowledgements.acknowledgedAt })
        .from(conductAcknowledgements)
        .where(and(eq(conductAcknowledgements.versionId, row.id), eq(conductAcknowledgements.userId, viewer.userId)));
      return { conduct: { id: row.id, version: row.version, text: row.text, acknowledged: Boolean(ack) } };
    },
  );

  app.post(
    "/api/compliance/conduct/acknowledge",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conformidade"],
        summary: "Registra que você leu a versão em vigor das regras de conduta",
        response: { 200: message },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const row = viewer.companyId ? await currentConduct(db, viewer.companyId) : null;
      if (!row) throw new AppError("NOT_FOUND", m.conductNone);
      const inserted = await db
        .insert(conductAcknowledgements)
        .values({ versionId: row.id, userId: viewer.userId })
        .onConflictDoNothing()
        .returning({ versionId: conductAcknowledgements.versionId });
      if (inserted.length === 0) throw new AppError("CONFLICT", m.conductAlreadyAcknowledged);
      return { message: m.conductAcknowledged };
    },
  );
}
