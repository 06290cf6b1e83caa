/** /api/risks: assessment, inventory versions, action plan with evidence files, participation records. */
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { localDay } from "#core/dates.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { assessmentsSchema } from "#core/schemas/risk-responses.ts";
import {
  actionInputSchema,
  assessmentInputSchema,
  inventoryPublishInputSchema,
  participationInputSchema,
} from "#core/schemas/risks.ts";
import { companyScopeQuerySchema } from "#core/schemas/team.ts";
import { serverMessages } from "#core/server-messages.ts";
import { riskActions, riskAssessments, riskParticipationRecords } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, companyManager, consumeFileLimit } from "#server/features/auth/index.ts";
import { changeDimensions, checkDimensions } from "./action-dimensions.ts";
import { receiveEvidenceFile } from "./evidence-file.ts";
import { publishInventory } from "./inventory.ts";
import { latestPublishedCriteria } from "./inventory-preview.ts";
import { campaignOf, establishmentOf, sectorOf, whileSectorExists } from "./risk-scope.ts";

const message = z.object({ message: z.string(), id: z.string().optional() });
const params = z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict();

/** An action's dimensions are the instruments' own (docs/decisions/091). */
export async function inventoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, now, storage, privacyKey } = app.deps;

  app.put(
    "/api/risks/campaigns/:id/assessments",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Salva a avaliação de um setor e perigo: probabilidade × severidade, justificativa e evidências",
        params,
        body: assessmentInputSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const campaign = await campaignOf(db, company.id, request.params.id, riskMessages.campaignNotFound);
      if (campaign.status !== "closed" && campaign.status !== "published")
        throw new AppError("CONFLICT", riskMessages.resultsNotReady);
      const sector = await sectorOf(db, company.id, request.body.sectorId, riskMessages.sectorNotFound);
      if (sector.establishmentId !== campaign.establishmentId)
        throw new AppError("BAD_REQUEST", riskMessages.sectorNotFound);
      const criteria = await latestPublishedCriteria(db, company.id);
      if (!criteria) throw new AppError("CONFLICT", riskMessages.criteriaMissing);
      const { companyId: _, sectorId, hazard, ...fields } = request.body;
      if (fields.probability > criteria.content.size || fields.severity > criteria.content.size)
        throw new AppError(
          "BAD_REQUEST",
          `Use valores de 1 a ${criteria.content.size}, como nos critérios publicados.`,
        );
      await whileSectorExists(() =>
        db
          .insert(riskAssessments)
          .values({ campaignId: campaign.id, sectorId, hazard, ...fields })
          .onConflictDoUpdate({
            target: [riskAssessments.campaignId, riskAssessments.sectorId, riskAssessments.hazard],
            set: { ...fields, updatedAt: sql`now()` },
          }),
      );
      return { message: riskMessages.assessmentSaved };
    },
  );

  app.get(
    "/api/risks/campaigns/:id/assessments",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "As avaliações salvas de uma campanha",
        params,
        querystring: companyScopeQuerySchema,
        response: { 200: assessmentsSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const campaign = await campaignOf(db, company.id, request.params.id, riskMessages.campaignNotFound);
      return db.select().from(riskAssessments).where(eq(riskAssessments.campaignId, campaign.id));
    },
  );

  app.post(
    "/api/risks/campaigns/:id/inventory",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary:
          "Publica uma versão datada do inventário de riscos (imutável, guardada por 20 anos); com `confirmar: true` quando a prévia deixa linhas ou ações de fora",
        params,
        body: inventoryPublishInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      const campaign = await campaignOf(db, company.id, request.params.id, riskMessages.campaignNotFound);
      if (campaign.status !== "closed" && campaign.status !== "published")
        throw new AppError("CONFLICT", riskMessages.resultsNotReady);
      const row = await publishInventory(db, {
        campaign,
        companyName: company.name,
        timeZone: company.timezone,
        actor: viewer,
        privacyKey,
        minGroup: env.PRIVACY_MIN_GROUP,
        // The company's day by the app's clock: from 21:00 in São Paulo the UTC date is already tomorrow.
        today: localDay(now(), company.timezone),
        isConfirmed: request.body.confirmar === true,
      });
      reply.status(201);
      return { message: riskMessages.inventoryPublished(row?.version ?? 1), id: row?.id };
    },
  );

  app.post(
    "/api/risks/actions",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Cria uma ação do plano para uma linha do inventário (setor e perigo)",
        body: actionInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { company } = callerOf(request, companyManager);
      const { companyId: _, ...fields } = request.body;
      checkDimensions(fields.dimensions);
      const sector = await sectorOf(db, company.id, fields.sectorId, riskMessages.sectorNotFound);
      const [row] = await whileSectorExists(() =>
        db
          .insert(riskActions)
          .values({ ...fields, companyId: company.id, establishmentId: sector.establishmentId })
          .returning({ id: riskActions.id }),
      );
      reply.status(201);
      return { message: riskMessages.actionSaved, id: row?.id };
    },
  );

  app.patch(
    "/api/risks/actions/:id",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Atualiza uma ação: situação, acompanhamento, medição e eficácia",
        params,
        body: actionInputSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
      const { companyId: _, dimensions, ...fields } = request.body;
      checkDimensions(dimensions);
      const sector = await sectorOf(db, company.id, fields.sectorId, riskMessages.sectorNotFound);
      await db.transaction(async (tx) => {
        const [action] = await tx
          .select()
          .from(riskActions)
          .where(and(eq(riskActions.id, request.params.id), eq(riskActions.companyId, company.id)))
          .for("update");
        if (!action) throw new AppError("NOT_FOUND", serverMessages.notFound);
        // The dimensions change by the same rule as 'Editar dimensões' (open actions only, audited), before the status.
        if (dimensions) await changeDimensions(tx, viewer, action, dimensions);
        await tx
          .update(riskActions)
          .set({ ...fields, establishmentId: sector.establishmentId, updatedAt: sql`now()` })
          .where(eq(riskActions.id, action.id));
      });
      return { message: riskMessages.actionSaved };
    },
  );

  app.post(
    "/api/risks/actions/:id/files",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Anexa um arquivo de evidência (PDF ou imagem, até 10 MB) a uma ação",
        params,
        querystring: companyScopeQuerySchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      const [action] = await db
        .select()
        .from(riskActions)
        .where(and(eq(riskActions.id, request.params.id), eq(riskActions.companyId, company.id)));
      if (!action) throw new AppError("NOT_FOUND", serverMessages.notFound);
      await consumeFileLimit(db, "evidenceUpload", { userId: viewer.userId, companyId: company.id });
      const file = await receiveEvidenceFile(request, storage);
      await db
        .update(riskActions)
        .set({
          evidenceFiles: sql`${riskActions.evidenceFiles} || ${JSON.stringify([file])}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(eq(riskActions.id, action.id));
      reply.status(201);
      return { message: "Evidência anexada." };
    },
  );

  app.post(
    "/api/risks/establishments/:id/records",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Registra uma consulta ou comunicação aos trabalhadores (CIPA, reunião, comunicado)",
        params,
        body: participationInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { company } = callerOf(request, companyManager);
      await establishmentOf(db, company.id, request.params.id, riskMessages.establishmentNotFound);
      const { companyId: _, ...fields } = request.body;
      const [row] = await db
        .insert(riskParticipationRecords)
        .values({ ...fields, companyId: company.id, establishmentId: request.params.id })
        .returning({ id: riskParticipationRecords.id });
      reply.status(201);
      return { message: riskMessages.recordSaved, id: row?.id };
    },
  );

  app.post(
    "/api/risks/records/:id/files",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary:
          "Anexa um arquivo (ata, lista de presença, comunicado; PDF ou imagem, até 10 MB) a um registro de participação",
        params,
        querystring: companyScopeQuerySchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      const [record] = await db
        .select({ id: riskParticipationRecords.id })
        .from(riskParticipationRecords)
        .where(
          and(eq(riskParticipationRecords.id, request.params.id), eq(riskParticipationRecords.companyId, company.id)),
        );
      if (!record) throw new AppError("NOT_FOUND", riskMessages.recordNotFound);
      await consumeFileLimit(db, "evidenceUpload", { userId: viewer.userId, companyId: company.id });
      const file = await receiveEvidenceFile(request, storage);
      await db
        .update(riskParticipationRecords)
        .set({ files: sql`${riskParticipationRecords.files} || ${JSON.stringify([file])}::jsonb` })
        .where(eq(riskParticipationRecords.id, record.id));
      reply.status(201);
      return { message: riskMessages.recordFileAttached };
    },
  );
}
