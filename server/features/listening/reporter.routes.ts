/**
 * The reporter's side of the Canal de escuta (docs/decisions/049): writing a
 * case from the account, then following it with protocol and secret only.
 * Nothing here writes the account next to a case unless the reporter chose
 * to be identified, and nothing here writes an audit entry (it would be one).
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { makeProtocol, makeSecret } from "#core/listening.ts";
import { listeningMessages as m } from "#core/listening-messages.ts";
import {
  followAttachmentParamsSchema,
  followedCaseSchema,
  followInputSchema,
  followReplyInputSchema,
  handlerChoicesSchema,
  newCaseInputSchema,
  newCaseReplySchema,
} from "#core/schemas/listening.ts";
import {
  listeningCases,
  listeningExclusions,
  listeningHandlers,
  listeningIdentities,
  listeningMessages,
  profiles,
} from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import {
  callerOf,
  consume,
  type LimitRule,
  publicAccess,
  signedIn,
  signedInUntouched,
} from "#server/features/auth/index.ts";
import { findAttachment, readMessageForm, sendAttachment, storeWithMessage, stripFiles } from "./attachments.ts";
import { activeHandler, hashSecret, isSameHash, today } from "./case-access.ts";
import { takeCaseSlot } from "./case-limits.ts";
import { addMessage, readThread } from "./thread.ts";

/** Guessing protocol and secret: a few tries per address, counted before the lookup. */
export const followLimit: LimitRule = { max: 20, windowSeconds: 15 * 60 };

const random = (size: number) => new Uint8Array(randomBytes(size));

export async function reporterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, secret: appSecret, storage } = app.deps;
  const tags = ["canal de escuta"];

  app.get(
    "/api/escuta/responsaveis",
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "Responsáveis da empresa (para excluir de um caso)",
        response: { 200: handlerChoicesSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      if (!viewer.companyId) throw new AppError("NO_COMPANY", m.noCompany);
      const items = await db
        .select({ id: listeningHandlers.id, name: profiles.name })
        .from(listeningHandlers)
        .innerJoin(profiles, eq(profiles.userId, listeningHandlers.userId))
        .where(and(eq(listeningHandlers.companyId, viewer.companyId), eq(listeningHandlers.isActive, true)))
        .orderBy(profiles.name);
      const isHandler = (await activeHandler(db, viewer.companyId, viewer.userId)) !== null;
      return { items, isHandler };
    },
  );

  app.post(
    "/api/escuta/casos",
    {
      config: { access: signedInUntouched },
      schema: {
        tags,
        summary:
          "Abrir um caso (anônimo, a menos que a pessoa escolha se identificar); com anexos, multipart: 'dados' (o JSON) e até 3 arquivos 'anexo'",
        consumes: ["application/json", "multipart/form-data"],
        body: newCaseInputSchema.nullish(),
        response: { 201: newCaseReplySchema },
      },
    },
    async (request, reply) => {
      // No 'last active' write for this request: a session row written just before the case would name
      // its author to whoever reads the database (docs/decisions/063).
      const viewer = callerOf(request, signedInUntouched);
      if (!viewer.companyId) throw new AppError("NO_COMPANY", m.noCompany);
      const companyId = viewer.companyId;
      const form = await readMessageForm(request, newCaseInputSchema);
      const input = form.input;
      // Counted before the files' costly stripping: a flood is refused cheaply (docs/decisions/063).
      const limits = {
        perPerson: env.LISTENING_CASES_PER_PERSON_HOUR,
        perCompany: env.LISTENING_CASES_PER_COMPANY_HOUR,
      };
      await takeCaseSlot(db, limits, { userId: viewer.userId, companyId });
      const files = await stripFiles(form.files);
      const excluded = [...new Set(input.excludedHandlerIds)];
      if (excluded.length > 0) {
        const known = await db
          .select({ id: listeningHandlers.id })
          .from(listeningHandlers)
          .where(and(eq(listeningHandlers.companyId, companyId), inArray(listeningHandlers.id, excluded)));
        if (known.length !== excluded.length) throw new AppError("VALIDATION", m.excludedUnknown);
      }
      const secret = makeSecret(random);
      const day = today(request);
      const protocol = await storeWithMessage(storage, request.log, files, day, (attach) =>
        db.transaction(async (tx) => {
          let created: { id: string; protocol: string } | undefined;
          while (!created) {
            const candidate = makeProtocol(random);
            [created] = await tx
              .insert(listeningCases)
              .values({
                companyId,
                protocol: candidate,
                secretHash: hashSecret(appSecret, candidate, secret),
                kind: input.kind,
                category: input.category,
                receivedOn: day,
              })
              .onConflictDoNothing()
              .returning({ id: listeningCases.id, protocol: listeningCases.protocol });
          }
          const [message] = await tx
            .insert(listeningMessages)
            .values({ caseId: created.id, seq: 1, author: "reporter", body: input.body, writtenOn: day })
            .returning({ id: listeningMessages.id });
          if (message) await attach(tx, { caseId: created.id, messageId: message.id });
          if (excluded.length > 0) {
            await tx
              .insert(listeningExclusions)
              .values(excluded.map((handlerId) => ({ caseId: created.id, handlerId })));
          }
          // The one link to the account, only when chosen.
          if (input.identified)
            await tx.insert(listeningIdentities).values({ caseId: created.id, userId: viewer.userId });
          return created.protocol;
        }),
      );
      reply.status(201);
      return { protocol, secret };
    },
  );

  /** The case behind protocol and secret; a wrong secret and an unknown protocol get the same 404. */
  async function followedCase(request: { ip: string; server: FastifyInstance }, protocol: string, secret: string) {
    const limit = await consume(db, `escuta:acompanhar:${request.ip}`, followLimit);
    if (!limit.allowed) {
      throw new AppError("TOO_MANY_REQUESTS", m.tooManyAttempts, { retryAfterSeconds: limit.retryAfterSeconds });
    }
    const hash = hashSecret(appSecret, protocol, secret);
    const [row] = await db.select().from(listeningCases).where(eq(listeningCases.protocol, protocol));
    if (!row || !isSameHash(row.secretHash, hash)) throw new AppError("NOT_FOUND", m.caseNotFound);
    return row;
  }

  app.post(
    "/api/escuta/acompanhar",
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: "Acompanhar um caso com protocolo e senha (sem conta)",
        security: [],
        body: followInputSchema,
        response: { 200: followedCaseSchema },
      },
    },
    async (request) => {
      const row = await followedCase(request, request.body.protocol, request.body.secret);
      const messages = await readThread(db, row.id, { withInternal: false });
      return {
        protocol: row.protocol,
        kind: row.kind,
        category: row.category,
        status: row.status,
        receivedOn: row.receivedOn,
        messages,
      };
    },
  );

  app.post(
    "/api/escuta/acompanhar/mensagens",
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: "Responder no caso com protocolo e senha (sem conta); com anexos, multipart como ao abrir o caso",
        security: [],
        consumes: ["application/json", "multipart/form-data"],
        body: followReplyInputSchema.nullish(),
        response: { 201: followedCaseSchema },
      },
    },
    async (request, reply) => {
      const { input, files } = await readMessageForm(request, followReplyInputSchema);
      const row = await followedCase(request, input.protocol, input.secret);
      const stripped = await stripFiles(files);
      const day = today(request);
      await storeWithMessage(storage, request.log, stripped, day, (attach) =>
        addMessage(db, { caseId: row.id, author: "reporter", body: input.body, writtenOn: day }, attach),
      );
      reply.status(201);
      const messages = await readThread(db, row.id, { withInternal: false });
      return {
        protocol: row.protocol,
        kind: row.kind,
        category: row.category,
        status: row.status,
        receivedOn: row.receivedOn,
        messages,
      };
    },
  );

  app.post(
    "/api/escuta/acompanhar/anexos/:attachmentId",
    {
      config: { access: publicAccess },
      schema: {
        tags,
        summary: "Baixar um anexo do caso com protocolo e senha (sem conta; a senha vai no corpo, nunca no endereço)",
        security: [],
        params: followAttachmentParamsSchema,
        body: followInputSchema,
        produces: ["application/octet-stream"],
      },
    },
    async (request, reply) => {
      const row = await followedCase(request, request.body.protocol, request.body.secret);
      const attachment = await findAttachment(db, request.params.attachmentId);
      // The team's internal notes and their files are not the reporter's to read.
      const [message] = attachment
        ? await db
            .select({ isInternal: listeningMessages.isInternal })
            .from(listeningMessages)
            .where(eq(listeningMessages.id, attachment.messageId))
        : [];
      if (!attachment || attachment.caseId !== row.id || message?.isInternal !== false)
        throw new AppError("NOT_FOUND", m.attachmentNotFound);
      return sendAttachment(reply, storage, attachment);
    },
  );
}
