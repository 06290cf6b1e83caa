/**
 * The API for HR systems (issue 33, docs/decisions/044), under /api/v1 and
 * authenticated by a company's key only (api-keys.ts). A person sent by PUT
 * is one row of an import: the same checks (check-rows.ts), the same plan
 * against the roster (plan-import.ts) and the same writes (apply-plan.ts). A
 * DELETE makes one leaver as a full file does. A sync is an import: the same
 * preview, guardrail and `roster-import` job, polled by its id.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { GUARDRAIL_PHRASE, guardrailReasons, type RosterMapping, rosterFields } from "#core/roster.ts";
import { leaverGuardrailMessage, rosterApiMessages, syncGuardrailMessage } from "#core/roster-api-messages.ts";
import { rosterMessages } from "#core/roster-messages.ts";
import { rosterImportSchema } from "#core/schemas/roster.ts";
import {
  type HrPersonResult,
  hrMatriculaParamsSchema,
  hrPersonInputSchema,
  hrPersonResultSchema,
  hrSyncAcceptedSchema,
  hrSyncIdParamsSchema,
  hrSyncQuerySchema,
} from "#core/schemas/roster-api.ts";
import { planLimitMessage } from "#core/team-messages.ts";
import type { Db } from "#server/db/client.ts";
import { rosterImports, rosterPeople } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, consumeFileLimit } from "#server/features/auth/index.ts";
import { additionsToday, checkAdditions, recordAdditions, withAdditionsLock } from "./api-additions.ts";
import { hrKey } from "./api-keys.ts";
import { applyPlan } from "./apply-plan.ts";
import { checkRows } from "./check-rows.ts";
import { holdPerson, releaseHeld } from "./held-people.ts";
import { idempotent } from "./idempotency.ts";
import { departuresInWindow, planImport } from "./plan-import.ts";
import { FILE_MAX_BYTES, type ImportFile, previewImport, receiveFile } from "./preview-import.ts";
import { importView, queueImport } from "./queue-import.ts";

const security = [{ chaveApi: [] }];
const tags = ["api-de-rh"];
/** A JSON person read as a one-row file whose headers are the field names. */
const identityMapping = Object.fromEntries(rosterFields.map((field, index) => [field, index])) as RosterMapping;

export async function hrApiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, cpfKey, jobBell, now } = app.deps;
  // A full file sent as the body itself (curl --data-binary @pessoas.csv).
  app.addContentTypeParser(
    ["text/csv", "application/octet-stream"],
    { parseAs: "buffer", bodyLimit: FILE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  const refuseWhileImporting = async (tx: Db, companyId: string) => {
    const [busy] = await tx
      .select({ id: rosterImports.id })
      .from(rosterImports)
      .where(and(eq(rosterImports.companyId, companyId), inArray(rosterImports.status, ["queued", "running"])));
    if (busy) throw new AppError("CONFLICT", rosterMessages.importRunning);
  };

  app.put(
    "/api/v1/roster/people/:matricula",
    {
      config: { access: hrKey },
      schema: {
        tags,
        security,
        summary:
          "Cria ou atualiza uma pessoa pela matrícula, com as regras de uma linha da importação (CPF válido, matrícula única, vagas do plano, estabelecimento e setor criados para a NR-1, convite por e-mail). Passando o limite do dia de pessoas novas, responde 202 e a pessoa fica guardada até quem gerencia a empresa confirmar. Aceita Idempotency-Key.",
        params: hrMatriculaParamsSchema,
        body: hrPersonInputSchema,
        response: { 200: hrPersonResultSchema, 201: hrPersonResultSchema, 202: hrPersonResultSchema },
      },
    },
    async (request, reply) => {
      const { key, company, importer } = callerOf(request, hrKey);
      const { matricula } = request.params;
      return idempotent<HrPersonResult>(
        request,
        reply,
        { apiKeyId: key.id, body: JSON.stringify(request.body) },
        async () => {
          // The cap check and the write it allows under one lock: two PUTs at the cap's last place cannot both pass.
          const answer = await withAdditionsLock(db, company.id, async (tx) => {
            const person: Record<string, string | null | undefined> = { ...request.body, matricula };
            const sheet = {
              headers: [...rosterFields],
              rows: [{ line: 1, cells: rosterFields.map((f) => person[f] ?? "") }],
            };
            const checked = checkRows(sheet, identityMapping, cpfKey);
            const rejection = checked.rejections[0];
            if (rejection) throw new AppError("VALIDATION", rejection.reason, { field: rejection.column });
            await refuseWhileImporting(tx, company.id);
            const plan = await planImport(
              tx,
              company,
              checked.rows,
              { cpfHashes: new Set(), matriculas: new Set() },
              now(),
            );
            const refused = plan.rejections[0];
            if (refused)
              throw new AppError(refused.field === "matricula" ? "CONFLICT" : "VALIDATION", refused.reason, {
                field: refused.field,
              });
            if (plan.seats.afterChanges > plan.seats.limit && plan.seats.afterChanges > plan.seats.used)
              throw new AppError("CONFLICT", planLimitMessage(plan.seats.limit, plan.seats.label));
            // Past the day's cap a new person is held for the manager, not created (docs/decisions/085).
            const today = plan.created.length > 0 ? await additionsToday(tx, company.id, now()) : null;
            const row = checked.rows[0];
            if (today && row && plan.created.length > today.left) {
              await holdPerson(tx, { companyId: company.id, apiKeyId: key.id, row, now: now() });
              await writeAudit(tx, importer, "roster.api.held", {
                type: "company",
                id: company.id,
                companyId: company.id,
                details: { matricula, chave: key.prefix },
              });
              const message = rosterApiMessages.heldPastCap(today);
              return { status: 202, body: { matricula, outcome: "held", invited: false, message } as const };
            }
            const result = await applyPlan(tx, {
              company,
              plan,
              leavers: [],
              inviter: { userId: null, name: company.name },
              now: now(),
            });
            await recordAdditions(tx, { companyId: company.id, apiKeyId: key.id, people: result.created, now: now() });
            if (row) await releaseHeld(tx, company.id, row);
            const outcome = result.created ? "created" : result.updated ? "updated" : "unchanged";
            if (outcome !== "unchanged")
              await writeAudit(tx, importer, "roster.api.person", {
                type: "company",
                id: company.id,
                companyId: company.id,
                details: { matricula, resultado: outcome === "created" ? "criada" : "atualizada", chave: key.prefix },
              });
            return {
              status: outcome === "created" ? 201 : 200,
              body: { matricula, outcome, invited: result.invited > 0 } as const,
            };
          });
          // Rung once committed, so the runner finds the invitation.
          if (answer.body.invited) jobBell.ring();
          return answer;
        },
      );
    },
  );

  app.delete(
    "/api/v1/roster/people/:matricula",
    {
      config: { access: hrKey },
      schema: {
        tags,
        security,
        summary:
          "Desliga a pessoa desta matrícula como a importação de arquivo completo: as sessões terminam, ela não entra mais e recebe o e-mail para baixar seus dados. Aceita Idempotency-Key.",
        params: hrMatriculaParamsSchema,
        querystring: hrSyncQuerySchema,
        response: { 200: hrPersonResultSchema },
      },
    },
    async (request, reply) => {
      const { key, company, importer } = callerOf(request, hrKey);
      const { matricula } = request.params;
      return idempotent(request, reply, { apiKeyId: key.id, body: "" }, async () => {
        await refuseWhileImporting(db, company.id);
        const [person] = await db
          .select()
          .from(rosterPeople)
          .where(
            and(
              eq(rosterPeople.companyId, company.id),
              eq(rosterPeople.matricula, matricula),
              isNull(rosterPeople.leftAt),
            ),
          );
        if (!person) throw new AppError("NOT_FOUND", rosterApiMessages.personNotFound);
        // One by one, departures count over the same 24 hours as a full file's (docs/decisions/057).
        const window = await departuresInWindow(db, company.id, now());
        const counted = { active: window.active + window.leftRecently, leftRecently: window.leftRecently };
        const tooMany = guardrailReasons({ ...counted, leaving: counted.leftRecently + 1, matriculaChanges: 0 });
        if (tooMany.length > 0 && request.query.confirmacao?.trim() !== GUARDRAIL_PHRASE)
          throw new AppError("CONFLICT", leaverGuardrailMessage(counted));
        const empty = { created: [], changed: [], structure: { establishments: [], sectors: [] } };
        const inviter = { userId: null, name: company.name };
        await applyPlan(db, { company, plan: empty, leavers: [person], inviter, now: now() });
        await writeAudit(db, importer, "roster.api.leaver", {
          type: "company",
          id: company.id,
          companyId: company.id,
          details: { matricula, chave: key.prefix },
        });
        jobBell.ring();
        return { status: 200, body: { matricula, outcome: "left", invited: false } as const };
      });
    },
  );

  app.post(
    "/api/v1/roster/sync",
    {
      config: { access: hrKey },
      schema: {
        tags,
        security,
        summary:
          "Sincroniza com o arquivo completo (CSV no corpo como text/csv, ou multipart no campo file): mesma pré-visualização, mesmas travas (mais de 40 % saindo ou 5 % de matrículas mudando exigem ?confirmacao=CONFIRMAR, senão 409) e a mesma tarefa da importação. Responde 202 com o id para acompanhar. Aceita Idempotency-Key.",
        querystring: hrSyncQuerySchema,
        consumes: ["text/csv", "multipart/form-data"],
        response: { 202: hrSyncAcceptedSchema },
      },
    },
    async (request, reply) => {
      const { key, company, importer } = callerOf(request, hrKey);
      await consumeFileLimit(db, "rosterFile", { userId: `api-key:${key.id}`, companyId: company.id });
      const file: ImportFile = request.isMultipart()
        ? await receiveFile(request)
        : Buffer.isBuffer(request.body) && request.body.length > 0
          ? { bytes: request.body, name: "sincronizacao.csv", fields: {} }
          : (() => {
              throw new AppError("BAD_REQUEST", rosterApiMessages.syncBodyMissing);
            })();
      const body = Buffer.concat([file.bytes, Buffer.from(JSON.stringify(file.fields))]);
      return idempotent(request, reply, { apiKeyId: key.id, body }, async () => {
        const { id, ...preview } = await previewImport(db, cpfKey, { company, importer, file, now: now() });
        const confirmed = request.query.confirmacao?.trim() === GUARDRAIL_PHRASE;
        if (preview.guardrail.reasons.length > 0 && !confirmed)
          throw new AppError(
            "CONFLICT",
            syncGuardrailMessage({ ...preview.guardrail, leaving: preview.counts.leaving }),
          );
        // Under the additions lock, so a sync and PUTs cannot race past the cap between check and record.
        const queued = await withAdditionsLock(db, company.id, async (tx) => {
          await checkAdditions(tx, company.id, preview.counts.new, now());
          const [run] = await tx.select().from(rosterImports).where(eq(rosterImports.id, id));
          if (!run) throw new AppError("NOT_FOUND", rosterApiMessages.syncNotFound);
          const queuedRun = await queueImport(tx, {
            company,
            run,
            mode: "full",
            confirmation: confirmed ? GUARDRAIL_PHRASE : undefined,
            importer,
            now: now(),
          });
          await recordAdditions(tx, {
            companyId: company.id,
            apiKeyId: key.id,
            people: preview.counts.new,
            now: now(),
          });
          return queuedRun;
        });
        jobBell.ring();
        return { status: 202, body: { id, status: queued.status, preview } };
      });
    },
  );

  app.get(
    "/api/v1/roster/sync/:id",
    {
      config: { access: hrKey },
      schema: {
        tags,
        security,
        summary: "Situação de uma sincronização: linhas feitas do total, contagens e resultado",
        params: hrSyncIdParamsSchema,
        response: { 200: rosterImportSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, hrKey);
      const [run] = await db
        .select()
        .from(rosterImports)
        .where(and(eq(rosterImports.id, request.params.id), eq(rosterImports.companyId, company.id)));
      if (!run) throw new AppError("NOT_FOUND", rosterApiMessages.syncNotFound);
      return importView(run);
    },
  );
}
