/**
 * 'Importar pessoas' (issue 33): a manager for their company, an admin for
 * any. Upload → inspect (headers and the suggested mapping) → preview
 * (nothing written but the import's checked rows) → apply (the
 * `roster-import` job) → its progress, which survives a reload.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { suggestMapping } from "#core/roster.ts";
import { rosterMessages } from "#core/roster-messages.ts";
import {
  rosterApplyInputSchema,
  rosterCompanyQuerySchema,
  rosterImportSchema,
  rosterInspectSchema,
  rosterPreviewSchema,
} from "#core/schemas/roster.ts";
import { buildCsv } from "#server/csv.ts";
import { rosterImports } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, companyManager, consumeFileLimit } from "#server/features/auth/index.ts";
import { previewImport, receiveFile } from "./preview-import.ts";
import { importView, queueImport } from "./queue-import.ts";
import { readSheet } from "./read-sheet.ts";

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
      config: { access: companyManager },
      schema: {
        tags: ["pessoas"],
        summary: "Lê o cabeçalho de um CSV ou XLSX de RH e sugere a coluna de cada campo (nada é gravado)",
        querystring: rosterCompanyQuerySchema,
        consumes: ["multipart/form-data"],
        response: { 200: rosterInspectSchema },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
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
      config: { access: companyManager },
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
      const { viewer, company } = callerOf(request, companyManager);
      await consumeFileLimit(db, "rosterFile", { userId: viewer.userId, companyId: company.id });
      const file = await receiveFile(request);
      const preview = await previewImport(db, cpfKey, {
        company,
        importer: { userId: viewer.userId, email: viewer.email },
        file,
        now: now(),
      });
      reply.status(201);
      return preview;
    },
  );

  app.get(
    "/api/roster/imports/latest",
    {
      config: { access: companyManager },
      schema: {
        tags: ["pessoas"],
        summary:
          "A importação mais recente em andamento ou concluída da empresa (para a barra de progresso após recarregar)",
        querystring: rosterCompanyQuerySchema,
        response: { 200: z.object({ import: rosterImportSchema.nullable() }) },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
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
      config: { access: companyManager },
      schema: {
        tags: ["pessoas"],
        summary: "Situação de uma importação: linhas feitas do total e o resultado",
        params: idParams,
        querystring: rosterCompanyQuerySchema,
        response: { 200: rosterImportSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      return importView(await importOf(company.id, request.params.id));
    },
  );

  app.get(
    "/api/roster/imports/:id/rejections.csv",
    {
      config: { access: companyManager },
      schema: {
        tags: ["pessoas"],
        summary: "As linhas recusadas de uma pré-visualização em CSV: linha, coluna e motivo (sem os valores)",
        params: idParams,
        querystring: rosterCompanyQuerySchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const { company } = callerOf(request, companyManager);
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
      config: { access: companyManager },
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
      const { viewer, company } = callerOf(request, companyManager);
      const run = await importOf(company.id, request.params.id);
      const queued = await queueImport(db, {
        company,
        run,
        mode: request.body.mode,
        confirmation: request.body.confirmation,
        inviteLater: request.body.inviteLater,
        importer: { userId: viewer.userId, email: viewer.email },
        now: now(),
      });
      jobBell.ring();
      reply.status(202);
      return importView(queued);
    },
  );
}
