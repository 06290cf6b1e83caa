/**
 * Downloading an evidence file of an action or a participation record
 * (docs/decisions/030): signed in, a manager of the company or an admin
 * naming it, and only a key listed on that row of that company; a foreign id
 * or key is 404. Sent as an attachment, never from the public /media/ path.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { riskMessages } from "#core/risk-messages.ts";
import { evidenceFileQuerySchema } from "#core/schemas/risks.ts";
import { serverMessages } from "#core/server-messages.ts";
import { riskActions, riskParticipationRecords } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";
import { type EvidenceFile, filesHold, sendEvidenceFile } from "./evidence-file.ts";

const params = z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict();

export async function evidenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app.deps;

  /** The listed file under `key`, or the 404 (the row is another company's, or the key is not on it). */
  const listed = (files: EvidenceFile[] | undefined, key: string): EvidenceFile => {
    const file = files?.find((candidate) => candidate.key === key);
    if (!file) throw new AppError("NOT_FOUND", riskMessages.fileNotFound);
    return file;
  };

  // The two kinds of row that hold files: the same rule, each with its own columns.
  const owners = [
    {
      path: "/api/risks/actions/:id/files",
      summary: "Baixa um arquivo de evidência de uma ação (gestão da empresa)",
      table: riskActions,
      files: riskActions.evidenceFiles,
    },
    {
      path: "/api/risks/records/:id/files",
      summary: "Baixa um arquivo de um registro de participação (ata, lista de presença; gestão da empresa)",
      table: riskParticipationRecords,
      files: riskParticipationRecords.files,
    },
  ] as const;

  for (const owner of owners) {
    app.get(
      owner.path,
      {
        config: { access: companyManager },
        schema: {
          tags: ["riscos"],
          summary: owner.summary,
          params,
          querystring: evidenceFileQuerySchema,
          produces: ["application/octet-stream"],
        },
      },
      async (request, reply) => {
        const { company } = callerOf(request, companyManager);
        const [row] = await db
          .select({ files: owner.files })
          .from(owner.table)
          .where(
            and(
              eq(owner.table.id, request.params.id),
              eq(owner.table.companyId, company.id),
              filesHold(owner.files, request.query.key),
            ),
          );
        return sendEvidenceFile(reply, storage, listed(row?.files as EvidenceFile[] | undefined, request.query.key));
      },
    );
  }
}
