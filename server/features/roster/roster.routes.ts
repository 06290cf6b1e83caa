/**
 * 'Importar pessoas' (issue 33): a manager for their company, an admin for
 * any. Upload → inspect (headers and the suggested mapping) → preview
 * (nothing written but the import's checked rows) → apply (the
 * `roster-import` job) → its progress, which survives a reload.
 */
import { createHash } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { planLimitMessage } from "#core/messages.ts";
import {
  GUARDRAIL_PHRASE,
  missingRequiredFields,
  type RosterMapping,
  rosterFieldLabels,
  suggestMapping,
} from "#core/roster.ts";
import { rosterMessages } from "#core/roster-messages.ts";
import {
  rosterApplyInputSchema,
  rosterCompanyQuerySchema,
  rosterImportSchema,
  rosterInspectSchema,
  rosterMappingSchema,
  rosterPreviewSchema,
} from "#core/schemas/roster.ts";
import { buildCsv } from "#server/csv.ts";
import { rosterImports } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { consumeFileLimit } from "#server/features/auth/file-limits.ts";
import { requireCompanyManager } from "#server/features/auth/viewer.ts";
import { enqueueJob } from "#server/jobs/runner.ts";
import { ROSTER_IMPORT_JOB } from "./apply-import.ts";
import { checkRows, columnName } from "./check-rows.ts";
import { planImport } from "./plan-import.ts";
import { readSheet } from "./read-sheet.ts";

const FILE_MAX_BYTES = 10 * 1024 * 1024;
const PREVIEW_REJECTIONS = 200;

async function receiveFile(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", rosterMessages.fileMissing);
  let file: { bytes: Buffer; name: string } | null = null;
  const fields: Record<string, string> = {};
  for await (const part of request.parts({
    limits: { fileSize: FILE_MAX_BYTES + 1, files: 1, fields: 5, fieldSize: 10_000 },
  })) {
    if (part.type === "file") file = { bytes: await part.toBuffer(), name: part.filename };
    else fields[part.fieldname] = String(part.value);
  }
  if (!file || file.bytes.length === 0) throw new AppError("BAD_REQUEST", rosterMessages.fileMissing);
  if (file.bytes.length > FILE_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", rosterMessages.fileTooLarge);
  const name = (file.name || "pessoas.csv").replace(/[^\p{L}\p{N} ._-]/gu, "").slice(0, 120) || "pessoas.csv";
  return { bytes: file.bytes, name, fields };
}

function mappingFrom(field: string | undefined, headers: string[]): RosterMapping {
  if (!field) return suggestMapping(headers);
  let parsed: unknown;
  try {
    parsed = JSON.parse(field);
  } catch {
    throw new AppError("VALIDATION", rosterMessages.mappingInvalid);
  }
  const result = rosterMappingSchema.safeParse(parsed);
  if (!result.success || Object.values(result.data).some((index) => index !== undefined && index >= headers.length))
    throw new AppError("VALIDATION", rosterMessages.mappingInvalid);
  return result.data as RosterMapping;
}

function importView(run: typeof rosterImports.$inferSelect) {
  return {
    id: run.id,
    fileName: run.fileName,
    status: run.status,
    mode: run.mode,
    rowsDone: run.rowsDone,
    rowsTotal: run.rowsTotal,
    counts: run.counts,
    result: run.result,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

export async function rosterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, cpfKey, jobBell, now } = app.deps;
  const idParams = z.object({ id: z.uuid({ error: rosterMessages.importNotFound }) }).strict();

  const importOf = async (companyId: string, id: string) => {
    const [run] = await db
      .select()
      .from(rosterImports)
      .where(and(eq(rosterImports.id, id), eq(rosterImports.companyId, companyId)));
    if (!run) throw new AppError("NOT_FOUND", rosterMessages.importNotFound);
    return run;
  };

  app.post(
    "/api/roster/inspect",
    {
      schema: {
        tags: ["pessoas"],
        summary: "Lê o cabeçalho de um CSV ou XLSX de RH e sugere a coluna de cada campo (nada é gravado)",
        querystring: rosterCompanyQuerySchema,
        consumes: ["multipart/form-data"],
        response: { 200: rosterInspectSchema },
      },
    },
    async (request) => {
      const { viewer, company } = await requireCompanyManager(request, request.query.companyId);
      await consumeFileLimit(db, "rosterFile", { userId: viewer.userId, companyId: company.id });
      const file = await receiveFile(request);
      const sheet = await readSheet(file.bytes);
      return {
        fileName: file.name,
        headers: sheet.headers,
        rowCount: sheet.rows.length,
        suggested: suggestMapping(sheet.headers) as Record<string, number>,
      };
    },
  );

  app.post(
    "/api/roster/imports",
    {
      schema: {
        tags: ["pessoas"],
        summary:
          "Pré-visualiza uma importação (arquivo e, no campo mapping, a coluna de cada campo): novos, alterados, inalterados, que saem e recusados; nada muda no cadastro",
        querystring: rosterCompanyQuerySchema,
        consumes: ["multipart/form-data"],
        response: { 201: rosterPreviewSchema },
      },
    },
    async (request, reply) => {
      const { viewer, company } = await requireCompanyManager(request, request.query.companyId);
      await consumeFileLimit(db, "rosterFile", { userId: viewer.userId, companyId: company.id });
      const file = await receiveFile(request);
      const sheet = await readSheet(file.bytes);
      const mapping = mappingFrom(file.fields.mapping, sheet.headers);
      const missing = missingRequiredFields(mapping);
      if (missing.length)
        throw new AppError(
          "VALIDATION",
          `Escolha a coluna de: ${missing.map((field) => rosterFieldLabels[field]).join(", ")}.`,
        );
      const checked = checkRows(sheet, mapping, cpfKey);
      const plan = await planImport(db, company, checked.rows, checked.named);
      const rejectedLines = new Set(plan.rejections.map((rejection) => rejection.line));
      const rejections = [
        ...checked.rejections,
        ...plan.rejections.map(({ field, ...rest }) => ({
          ...rest,
          column: columnName(sheet.headers, mapping, field),
        })),
      ].sort((a, b) => a.line - b.line);
      const rows = checked.rows.filter((row) => !rejectedLines.has(row.line));
      const rejectedRows = checked.rows.filter((row) => rejectedLines.has(row.line));
      const counts = {
        total: sheet.rows.length,
        new: plan.created.length,
        changed: plan.changed.length,
        unchanged: plan.unchanged,
        leaving: plan.leavers.length,
        rejected: rejections.length,
      };
      const sha256 = createHash("sha256").update(file.bytes).digest("hex");
      const validHashes = new Set(rows.map((row) => row.cpfHash));
      const [run] = await db
        .insert(rosterImports)
        .values({
          companyId: company.id,
          createdBy: viewer.userId,
          createdByEmail: viewer.email,
          fileName: file.name,
          fileSha256: sha256,
          mapping,
          rows,
          rejections,
          kept: {
            cpfHashes: [...checked.named.cpfHashes].filter((hash) => !validHashes.has(hash)),
            matriculas: [...checked.named.matriculas, ...rejectedRows.map((row) => row.matricula)],
          },
          counts,
        })
        .returning({ id: rosterImports.id });
      if (!run) throw new Error("roster import insert returned nothing");
      reply.status(201);
      return {
        id: run.id,
        fileName: file.name,
        sha256,
        counts,
        rejections: rejections.slice(0, PREVIEW_REJECTIONS),
        invites: plan.invites,
        awaitingActivation: plan.awaitingActivation,
        structure: { establishments: plan.structure.establishments.length, sectors: plan.structure.sectors.length },
        plan: {
          label: plan.seats.label,
          limit: plan.seats.limit,
          used: plan.seats.used,
          afterChanges: plan.seats.afterChanges,
          afterFull: plan.seats.afterFull,
        },
        guardrail: { active: plan.active, matriculaChanges: plan.matriculaChanges, reasons: plan.guardrail },
      };
    },
  );

  app.get(
    "/api/roster/imports/latest",
    {
      schema: {
        tags: ["pessoas"],
        summary:
          "A importação mais recente em andamento ou concluída da empresa (para a barra de progresso após recarregar)",
        querystring: rosterCompanyQuerySchema,
        response: { 200: z.object({ import: rosterImportSchema.nullable() }) },
      },
    },
    async (request) => {
      const { company } = await requireCompanyManager(request, request.query.companyId);
      const [run] = await db
        .select()
        .from(rosterImports)
        .where(
          and(
            eq(rosterImports.companyId, company.id),
            inArray(rosterImports.status, ["queued", "running", "done", "failed"]),
          ),
        )
        .orderBy(desc(rosterImports.createdAt))
        .limit(1);
      return { import: run ? importView(run) : null };
    },
  );

  app.get(
    "/api/roster/imports/:id",
    {
      schema: {
        tags: ["pessoas"],
        summary: "Situação de uma importação: linhas feitas do total e o resultado",
        params: idParams,
        querystring: rosterCompanyQuerySchema,
        response: { 200: rosterImportSchema },
      },
    },
    async (request) => {
      const { company } = await requireCompanyManager(request, request.query.companyId);
      return importView(await importOf(company.id, request.params.id));
    },
  );

  app.get(
    "/api/roster/imports/:id/rejections.csv",
    {
      schema: {
        tags: ["pessoas"],
        summary: "As linhas recusadas de uma pré-visualização em CSV: linha, coluna e motivo (sem os valores)",
        params: idParams,
        querystring: rosterCompanyQuerySchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const { company } = await requireCompanyManager(request, request.query.companyId);
      const run = await importOf(company.id, request.params.id);
      const lines = [["Linha", "Coluna", "Motivo"], ...run.rejections.map((r) => [r.line, r.column, r.reason])];
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="linhas-recusadas-${run.id.slice(0, 8)}.csv"`)
        .send(buildCsv(lines));
    },
  );

  app.post(
    "/api/roster/imports/:id/apply",
    {
      schema: {
        tags: ["pessoas"],
        summary:
          "Aplica uma importação pré-visualizada em segundo plano. 'changes': só novos e alterações; 'full': quem não está no arquivo sai (acima de 40 % saindo ou 5 % de matrículas mudando, exige confirmation = CONFIRMAR)",
        params: idParams,
        querystring: rosterCompanyQuerySchema,
        body: rosterApplyInputSchema,
        response: { 202: rosterImportSchema },
      },
    },
    async (request, reply) => {
      const { viewer, company } = await requireCompanyManager(request, request.query.companyId);
      const run = await importOf(company.id, request.params.id);
      if (run.status !== "previewed") throw new AppError("CONFLICT", rosterMessages.importAlreadyApplied);
      const { mode, confirmation } = request.body;
      const kept = { cpfHashes: new Set(run.kept.cpfHashes), matriculas: new Set(run.kept.matriculas) };
      // Planned again: the roster may have changed since the preview.
      const plan = await planImport(db, company, run.rows, kept);
      const after = mode === "full" ? plan.seats.afterFull : plan.seats.afterChanges;
      if (after > plan.seats.limit && after > plan.seats.used)
        throw new AppError("CONFLICT", planLimitMessage(plan.seats.limit, plan.seats.label));
      if (mode === "full" && plan.guardrail.length > 0) {
        if (!confirmation) throw new AppError("CONFLICT", rosterMessages.confirmationRequired);
        if (confirmation.trim() !== GUARDRAIL_PHRASE)
          throw new AppError("VALIDATION", rosterMessages.confirmationWrong);
      }
      const queued = await db.transaction(async (tx) => {
        const [busy] = await tx
          .select({ id: rosterImports.id })
          .from(rosterImports)
          .where(and(eq(rosterImports.companyId, company.id), inArray(rosterImports.status, ["queued", "running"])))
          .for("update");
        if (busy) throw new AppError("CONFLICT", rosterMessages.importRunning);
        const [updated] = await tx
          .update(rosterImports)
          .set({ status: "queued", mode, createdBy: viewer.userId, createdByEmail: viewer.email })
          .where(and(eq(rosterImports.id, run.id), eq(rosterImports.status, "previewed")))
          .returning();
        if (!updated) throw new AppError("CONFLICT", rosterMessages.importAlreadyApplied);
        await enqueueJob(tx as never, {
          name: ROSTER_IMPORT_JOB,
          key: run.id,
          runAt: now(),
          payload: { importId: run.id },
          maxAttempts: 3,
        });
        return updated;
      });
      jobBell.ring();
      reply.status(202);
      return importView(queued);
    },
  );
}
