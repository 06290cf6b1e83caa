/**
 * 'Baixar meus dados': GET /api/me/export.json and /api/me/export.html, one
 * person's data as an attachment, streamed (docs/decisions/015).
 */
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { localDay } from "#core/dates.ts";
import { rosterMessages } from "#core/roster-messages.ts";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, consumeFileLimit, publicAccess, signedIn } from "#server/features/auth/index.ts";
import { findLeaverByDataLink } from "#server/features/roster/index.ts";
import { exportedAppointments, exportedCredits, exportedMeasures, exportedMessages } from "./export-care.ts";
import { notInExport } from "./export-coverage.ts";
import { exportedCheckIns, exportedCompletions, readExportHeader } from "./export-data.ts";
import {
  appointmentRow,
  appointmentsTableStart,
  checkInRow,
  checkInsTableStart,
  completionRow,
  completionsTableStart,
  creditRow,
  creditsTableStart,
  htmlEnd,
  htmlHead,
  measureRow,
  measuresTableStart,
  messageRow,
  messagesTableStart,
  participationHtml,
  tableEnd,
} from "./export-html.ts";
import { readParticipation } from "./export-participation.ts";
import { readRecords } from "./export-records.ts";
import { leftOutHtml, recordsHtml } from "./export-records-html.ts";
import { readWho5Export, who5Html } from "./export-who5.ts";
import { readWorkplaceExport, workplaceHtml } from "./export-workplace.ts";

async function* jsonExport(db: Db, userId: string) {
  const [header, participation, records, wellbeingIndex, workplace] = await Promise.all([
    readExportHeader(db, userId),
    readParticipation(db, userId),
    readRecords(db, userId),
    readWho5Export(db, userId),
    readWorkplaceExport(db, userId),
  ]);
  yield JSON.stringify({
    ...header,
    ...participation,
    ...records,
    ...wellbeingIndex,
    ...workplace,
    oQueNaoEstaAquiEPorQue: notInExport,
  }).slice(0, -1);
  const arrays = [
    ["checkIns", exportedCheckIns(db, userId)],
    ["exerciciosConcluidos", exportedCompletions(db, userId)],
    ["consultas", exportedAppointments(db, userId)],
    ["mensagens", exportedMessages(db, userId)],
    ["creditosDeAtendimento", exportedCredits(db, userId)],
    ["autoavaliacoesDoAtendimento", exportedMeasures(db, userId)],
  ] as const;
  for (const [name, rows] of arrays) {
    yield `,${JSON.stringify(name)}:[`;
    let first = true;
    for await (const item of rows) {
      yield (first ? "" : ",") + JSON.stringify(item);
      first = false;
    }
    yield "]";
  }
  yield "}";
}

async function* htmlExport(db: Db, userId: string) {
  const [header, participation, records, wellbeingIndex, workplace] = await Promise.all([
    readExportHeader(db, userId),
    readParticipation(db, userId),
    readRecords(db, userId),
    readWho5Export(db, userId),
    readWorkplaceExport(db, userId),
  ]);
  const tz = header.fusoHorario;
  yield htmlHead(header);
  yield participationHtml(participation, tz);
  yield recordsHtml(records, tz);
  yield who5Html(wellbeingIndex, tz);
  yield workplaceHtml(workplace, tz);
  yield checkInsTableStart;
  for await (const checkIn of exportedCheckIns(db, userId)) yield checkInRow(checkIn, tz);
  yield tableEnd;
  yield completionsTableStart;
  for await (const completion of exportedCompletions(db, userId)) yield completionRow(completion, tz);
  yield tableEnd;
  yield appointmentsTableStart;
  for await (const appointment of exportedAppointments(db, userId)) yield appointmentRow(appointment, tz);
  yield tableEnd;
  yield messagesTableStart;
  for await (const message of exportedMessages(db, userId)) yield messageRow(message, tz);
  yield tableEnd;
  yield creditsTableStart;
  for await (const credit of exportedCredits(db, userId)) yield creditRow(credit, tz);
  yield tableEnd;
  yield measuresTableStart;
  for await (const measure of exportedMeasures(db, userId)) yield measureRow(measure, tz);
  yield tableEnd;
  yield leftOutHtml;
  yield htmlEnd;
}

function sendAttachment(reply: FastifyReply, fileName: string, type: string, body: AsyncGenerator<string>) {
  return reply
    .header("content-type", `${type}; charset=utf-8`)
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .send(Readable.from(body));
}

export async function exportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;
  const fileName = (timezone: string, extension: string) => {
    const [year, month, day] = localDay(now(), timezone).split("-");
    return `meus-dados-sereno-${day}-${month}-${year}.${extension}`;
  };

  app.get(
    "/api/me/export.json",
    {
      config: { access: signedIn },
      schema: {
        tags: ["privacidade"],
        summary:
          "Baixar meus dados (JSON): perfil, consentimentos, lembretes, check-ins com anotações, exercícios, sessões em grupo, convites NR-1, atendimento",
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, signedIn);
      await consumeFileLimit(db, "dataExport", viewer);
      return sendAttachment(
        reply,
        fileName(viewer.timezone, "json"),
        "application/json",
        jsonExport(db, viewer.userId),
      );
    },
  );

  app.get(
    "/api/me/export.html",
    {
      config: { access: signedIn },
      schema: { tags: ["privacidade"], summary: "Baixar meus dados (página para ler, pt-BR)" },
    },
    async (request, reply) => {
      const viewer = callerOf(request, signedIn);
      await consumeFileLimit(db, "dataExport", viewer);
      return sendAttachment(reply, fileName(viewer.timezone, "html"), "text/html", htmlExport(db, viewer.userId));
    },
  );

  app.get(
    "/api/me/export-link.html",
    {
      config: { access: publicAccess },
      schema: {
        tags: ["privacidade"],
        summary:
          "Baixar meus dados pelo link do e-mail de quem saiu da empresa (vale 30 dias; sem sessão, pois o acesso terminou)",
        querystring: z.object({ token: z.string().min(20).max(100) }).strict(),
      },
    },
    async (request, reply) => {
      const userId = await findLeaverByDataLink(db, request.query.token);
      if (!userId) throw new AppError("NOT_FOUND", rosterMessages.leaverDataInvalid);
      await consumeFileLimit(db, "dataExport", { userId, companyId: null });
      return sendAttachment(reply, fileName("America/Sao_Paulo", "html"), "text/html", htmlExport(db, userId));
    },
  );
}
