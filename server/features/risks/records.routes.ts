/**
 * /api/risks: review triggers of an establishment (NR-1 1.5.4.4.6), editing
 * and deleting participation records, and removing a wrongly uploaded file
 * from an action's evidence or a record (docs/decisions/026, sections 14–15).
 */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { localDay } from "#core/dates.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { formatIsoDay } from "#core/risks.ts";
import {
  evidenceFileQuerySchema,
  participationPatchSchema,
  reviewTriggerInputSchema,
  riskScopeQuerySchema,
} from "#core/schemas/risks.ts";
import { serverMessages } from "#core/server-messages.ts";
import {
  riskActions,
  riskEstablishments,
  riskParticipationRecords,
  riskReviewTriggers,
} from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";
import { type EvidenceFile, filesHold, filesWithout } from "./evidence-file.ts";

const message = z.object({ message: z.string(), id: z.string().optional() });
const params = z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict();

export async function recordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now, storage } = app.deps;

  /** Deletes stored objects after their row changed; a failure leaves an orphan under an unguessable key, never a 5xx. */
  const removeStored = async (files: EvidenceFile[]) => {
    for (const file of files) {
      await storage
        .remove(file.key)
        .catch((error: unknown) => app.log.warn({ error, key: file.key }, "evidence remove"));
    }
  };

  app.post(
    "/api/risks/establishments/:id/review-triggers",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Registra um motivo de revisão dos riscos (NR-1 1.5.4.4.6) e, se pedido, antecipa a próxima revisão",
        params,
        body: reviewTriggerInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      const { companyId: _, reviewDueOn, ...fields } = request.body;
      const today = localDay(now(), company.timezone);
      if (fields.occurredOn > today) throw new AppError("BAD_REQUEST", riskMessages.triggerInFuture);
      if (reviewDueOn && reviewDueOn < today) throw new AppError("BAD_REQUEST", riskMessages.reviewInPast);
      const id = await db.transaction(async (tx) => {
        // The row lock settles two triggers at once: each compares with the date the other left.
        const [establishment] = await tx
          .select()
          .from(riskEstablishments)
          .where(and(eq(riskEstablishments.id, request.params.id), eq(riskEstablishments.companyId, company.id)))
          .for("update");
        if (!establishment) throw new AppError("NOT_FOUND", riskMessages.establishmentNotFound);
        const current = establishment.nextReviewOn;
        if (reviewDueOn && current && reviewDueOn >= current)
          throw new AppError("BAD_REQUEST", riskMessages.reviewNotEarlier(formatIsoDay(current)));
        const [row] = await tx
          .insert(riskReviewTriggers)
          .values({
            ...fields,
            companyId: company.id,
            establishmentId: establishment.id,
            reviewDueOn: reviewDueOn ?? null,
            recordedBy: viewer.name,
          })
          .returning({ id: riskReviewTriggers.id });
        if (reviewDueOn)
          await tx
            .update(riskEstablishments)
            .set({ nextReviewOn: reviewDueOn })
            .where(eq(riskEstablishments.id, establishment.id));
        await writeAudit(tx, viewer, "risk-review-trigger.record", {
          type: "risk_review_trigger",
          id: row?.id ?? null,
          companyId: company.id,
          details: {
            establishment: establishment.name,
            kind: fields.kind,
            occurredOn: fields.occurredOn,
            reviewFrom: current,
            reviewTo: reviewDueOn ?? current,
          },
        });
        return row?.id;
      });
      reply.status(201);
      return { message: reviewDueOn ? riskMessages.triggerSavedWithDate : riskMessages.triggerSaved, id };
    },
  );

  app.patch(
    "/api/risks/records/:id",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Corrige um registro de participação (tipo, data, descrição, participantes)",
        params,
        body: participationPatchSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const { companyId: _, ...fields } = request.body;
      const where = and(
        eq(riskParticipationRecords.id, request.params.id),
        eq(riskParticipationRecords.companyId, company.id),
      );
      const [row] = Object.keys(fields).length
        ? await db
            .update(riskParticipationRecords)
            .set(fields)
            .where(where)
            .returning({ id: riskParticipationRecords.id })
        : await db.select({ id: riskParticipationRecords.id }).from(riskParticipationRecords).where(where);
      if (!row) throw new AppError("NOT_FOUND", riskMessages.recordNotFound);
      return { message: riskMessages.recordUpdated };
    },
  );

  app.delete(
    "/api/risks/records/:id",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Exclui um registro de participação e os arquivos anexados a ele",
        params,
        querystring: riskScopeQuerySchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const [row] = await db
        .delete(riskParticipationRecords)
        .where(
          and(eq(riskParticipationRecords.id, request.params.id), eq(riskParticipationRecords.companyId, company.id)),
        )
        .returning({ files: riskParticipationRecords.files });
      if (!row) throw new AppError("NOT_FOUND", riskMessages.recordNotFound);
      await removeStored(row.files);
      return { message: riskMessages.recordDeleted };
    },
  );

  app.delete(
    "/api/risks/records/:id/files",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Remove um arquivo enviado por engano de um registro de participação",
        params,
        querystring: evidenceFileQuerySchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const { key } = request.query;
      // One conditional statement: the file leaves the list only if it was there (a second click gets 404).
      const [row] = await db
        .update(riskParticipationRecords)
        .set({
          files: filesWithout(riskParticipationRecords.files, key),
        })
        .where(
          and(
            eq(riskParticipationRecords.id, request.params.id),
            eq(riskParticipationRecords.companyId, company.id),
            filesHold(riskParticipationRecords.files, key),
          ),
        )
        .returning({ id: riskParticipationRecords.id });
      if (!row) throw new AppError("NOT_FOUND", riskMessages.fileNotFound);
      await removeStored([{ key, name: "" }]);
      return { message: riskMessages.fileRemoved };
    },
  );

  app.delete(
    "/api/risks/actions/:id/files",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Remove um arquivo de evidência enviado por engano de uma ação",
        params,
        querystring: evidenceFileQuerySchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const { key } = request.query;
      const [row] = await db
        .update(riskActions)
        .set({
          evidenceFiles: filesWithout(riskActions.evidenceFiles, key),
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(riskActions.id, request.params.id),
            eq(riskActions.companyId, company.id),
            filesHold(riskActions.evidenceFiles, key),
          ),
        )
        .returning({ id: riskActions.id });
      if (!row) throw new AppError("NOT_FOUND", riskMessages.fileNotFound);
      await removeStored([{ key, name: "" }]);
      return { message: riskMessages.fileRemoved };
    },
  );
}
