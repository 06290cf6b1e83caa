/**
 * The handlers' inbox (docs/decisions/049): the company's cases minus those
 * the reporter kept them out of. Every act is an entry of the Registro de
 * acessos naming the case, never its text.
 */
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isClosedStatus } from "#core/listening.ts";
import { listeningMessages as m } from "#core/listening-messages.ts";
import {
  caseListQuerySchema,
  caseListSchema,
  caseUpdateInputSchema,
  handlerCaseSchema,
  handlerMessageInputSchema,
  newCaseCountSchema,
} from "#core/schemas/listening.ts";
import { listeningCases, listeningIdentities, profiles } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf } from "#server/features/auth/index.ts";
import { findAttachment, readMessageForm, sendAttachment, storeWithMessage, stripFiles } from "./attachments.ts";
import { caseHandler, findVisibleCase, type Handler, today, visibleTo } from "./case-access.ts";
import { countNewCases } from "./new-cases.ts";
import { addMessage, readThread } from "./thread.ts";

const caseParams = z.object({ id: z.uuid({ error: m.handlerCaseNotFound }) });

export async function handlerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app.deps;
  const tags = ["canal de escuta"];

  const audit = (handler: Handler, action: Parameters<typeof writeAudit>[2], caseId: string, details = {}) =>
    writeAudit(db, handler.viewer, action, {
      type: "listening_case",
      id: caseId,
      companyId: handler.companyId,
      details,
    });

  app.get(
    "/api/escuta/casos",
    {
      config: { access: caseHandler },
      schema: {
        tags,
        summary: "Casos que o responsável pode ver",
        querystring: caseListQuerySchema,
        response: { 200: caseListSchema },
      },
    },
    async (request) => {
      const handler = callerOf(request, caseHandler);
      const conditions: (SQL | undefined)[] = [visibleTo(handler)];
      if (request.query.status) conditions.push(eq(listeningCases.status, request.query.status));
      const rows = await db
        .select()
        .from(listeningCases)
        .where(and(...conditions))
        .orderBy(desc(listeningCases.receivedOn), desc(listeningCases.protocol))
        .limit(500);
      const identified = await identifiedAmong(
        db,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => summaryOf(row, identified.has(row.id))) };
    },
  );

  app.get(
    "/api/escuta/casos/novos",
    {
      config: { access: caseHandler },
      schema: {
        tags,
        summary: "Quantos casos nenhum responsável abriu ainda (recebidos até ontem)",
        response: { 200: newCaseCountSchema },
      },
    },
    async (request) => {
      const handler = callerOf(request, caseHandler);
      return { count: await countNewCases(db, handler, today(request)) };
    },
  );

  app.get(
    "/api/escuta/casos/:id",
    {
      config: { access: caseHandler },
      schema: {
        tags,
        summary: "Um caso, com a conversa e as notas internas",
        params: caseParams,
        response: { 200: handlerCaseSchema },
      },
    },
    async (request) => {
      const handler = callerOf(request, caseHandler);
      const row = await findVisibleCase(db, handler, request.params.id);
      const [reporter] = await db
        .select({ name: profiles.name, email: profiles.email })
        .from(listeningIdentities)
        .innerJoin(profiles, eq(profiles.userId, listeningIdentities.userId))
        .where(eq(listeningIdentities.caseId, row.id));
      await audit(handler, "listening.case-view", row.id);
      return {
        ...summaryOf(row, Boolean(reporter)),
        reporter: reporter ?? null,
        messages: await readThread(db, row.id, { withInternal: true }),
      };
    },
  );

  app.post(
    "/api/escuta/casos/:id/mensagens",
    {
      config: { access: caseHandler },
      schema: {
        tags,
        summary:
          "Responder à pessoa ou registrar uma nota interna; com anexos, multipart: 'dados' (o JSON) e até 3 'anexo'",
        params: caseParams,
        consumes: ["application/json", "multipart/form-data"],
        body: handlerMessageInputSchema.nullish(),
        response: { 201: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const handler = callerOf(request, caseHandler);
      const row = await findVisibleCase(db, handler, request.params.id);
      const { input, files } = await readMessageForm(request, handlerMessageInputSchema);
      const stripped = await stripFiles(files);
      const day = today(request);
      await storeWithMessage(storage, request.log, stripped, day, (attach) =>
        addMessage(
          db,
          {
            caseId: row.id,
            author: "handler",
            handlerId: handler.id,
            isInternal: input.isInternal,
            body: input.body,
            writtenOn: day,
          },
          attach,
        ),
      );
      await audit(
        handler,
        input.isInternal ? "listening.note" : "listening.reply",
        row.id,
        stripped.length > 0 ? { attachments: stripped.length } : {},
      );
      reply.status(201);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/escuta/casos/:id/anexos/:attachmentId",
    {
      config: { access: caseHandler },
      schema: {
        tags,
        summary: "Baixar um anexo do caso (quem trata o caso; um responsável excluído recebe 404)",
        params: caseParams.extend({ attachmentId: z.uuid({ error: m.attachmentNotFound }) }),
        produces: ["application/octet-stream"],
      },
    },
    async (request, reply) => {
      const handler = callerOf(request, caseHandler);
      const row = await findVisibleCase(db, handler, request.params.id);
      const attachment = await findAttachment(db, request.params.attachmentId);
      if (attachment?.caseId !== row.id) throw new AppError("NOT_FOUND", m.attachmentNotFound);
      await audit(handler, "listening.attachment-download", row.id);
      return sendAttachment(reply, storage, attachment);
    },
  );

  app.patch(
    "/api/escuta/casos/:id",
    {
      config: { access: caseHandler },
      schema: {
        tags,
        summary: "Mudar a situação ou o prazo de um caso",
        params: caseParams,
        body: caseUpdateInputSchema,
        response: { 200: handlerCaseSchema.pick({ id: true, status: true, deadlineOn: true }) },
      },
    },
    async (request) => {
      const handler = callerOf(request, caseHandler);
      const row = await findVisibleCase(db, handler, request.params.id);
      const { status, deadlineOn } = request.body;
      const changes: Partial<typeof listeningCases.$inferInsert> = {};
      if (status !== undefined && status !== row.status) {
        changes.status = status;
        changes.closedOn = isClosedStatus(status) ? (row.closedOn ?? today(request)) : null;
      }
      if (deadlineOn !== undefined && deadlineOn !== row.deadlineOn) changes.deadlineOn = deadlineOn;
      if (Object.keys(changes).length === 0) return { id: row.id, status: row.status, deadlineOn: row.deadlineOn };
      const [updated] = await db
        .update(listeningCases)
        .set(changes)
        .where(eq(listeningCases.id, row.id))
        .returning({ id: listeningCases.id, status: listeningCases.status, deadlineOn: listeningCases.deadlineOn });
      if (changes.status) await audit(handler, "listening.status", row.id, { from: row.status, to: changes.status });
      if (changes.deadlineOn !== undefined) {
        await audit(handler, "listening.deadline", row.id, { deadlineOn: changes.deadlineOn });
      }
      return updated ?? { id: row.id, status: row.status, deadlineOn: row.deadlineOn };
    },
  );
}

async function identifiedAmong(db: FastifyInstance["deps"]["db"], caseIds: string[]): Promise<Set<string>> {
  if (caseIds.length === 0) return new Set();
  const rows = await db
    .select({ caseId: listeningIdentities.caseId })
    .from(listeningIdentities)
    .where(inArray(listeningIdentities.caseId, caseIds));
  return new Set(rows.map((row) => row.caseId));
}

function summaryOf(row: typeof listeningCases.$inferSelect, isIdentified: boolean) {
  return {
    id: row.id,
    protocol: row.protocol,
    kind: row.kind,
    category: row.category,
    status: row.status,
    receivedOn: row.receivedOn,
    deadlineOn: row.deadlineOn,
    isIdentified,
  };
}
