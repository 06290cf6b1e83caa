/**
 * Asynchronous support (docs/decisions/025): one private, text-only thread
 * per member and psychologist, open once the member has booked with them.
 * The e-mail about a new message never carries its content.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { careMessageSchema, messageInputSchema, threadSummarySchema } from "#core/schemas/care.ts";
import { serverMessages } from "#core/server-messages.ts";
import { appointments, careMessages, profiles, psychologists, user } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf } from "#server/features/auth/index.ts";
import { threadParty } from "./care-access.ts";
import { newMessageMail } from "./care-mail.ts";

const threadParams = z.object({ otherId: z.string().min(1).max(100) });

export async function messageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, env, now } = app.deps;

  /** The pair of a thread, only when the member has booked with the psychologist. */
  async function threadOf(request: FastifyRequest, otherId: string) {
    const me = callerOf(request, threadParty);
    const memberId = me.memberId ?? otherId;
    const psychologistId = me.psychologistId ?? otherId;
    const [booked] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.memberId, memberId), sql`${appointments.psychologistId}::text = ${psychologistId}`))
      .limit(1);
    if (!booked) throw new AppError("FORBIDDEN", serverMessages.messageNotAllowed);
    return { fromMember: me.psychologistId === null, memberId, psychologistId };
  }

  app.get(
    "/api/care/threads",
    {
      config: { access: threadParty },
      schema: { tags: ["cuidado"], summary: "Minhas conversas", response: { 200: z.array(threadSummarySchema) } },
    },
    async (request) => {
      const me = callerOf(request, threadParty);
      const isMember = me.psychologistId === null;
      const pairs = await db
        .selectDistinct({
          memberId: appointments.memberId,
          psychologistId: appointments.psychologistId,
          psychologistName: psychologists.fullName,
          replyHours: psychologists.replyHours,
          memberName: sql<string>`coalesce(${profiles.name}, ${user.name})`,
        })
        .from(appointments)
        .innerJoin(psychologists, eq(psychologists.id, appointments.psychologistId))
        .innerJoin(user, eq(user.id, appointments.memberId))
        .leftJoin(profiles, eq(profiles.userId, appointments.memberId))
        .where(
          isMember
            ? eq(appointments.memberId, me.viewer.userId)
            : eq(appointments.psychologistId, me.psychologistId ?? ""),
        );
      const summaries = [];
      for (const pair of pairs) {
        const [stats] = await db
          .select({
            unread: sql<number>`count(*) filter (where ${careMessages.readAt} is null and ${careMessages.fromMember} = ${!isMember})::int`,
            lastAt: sql<string | null>`max(${careMessages.createdAt})`,
          })
          .from(careMessages)
          .where(and(eq(careMessages.memberId, pair.memberId), eq(careMessages.psychologistId, pair.psychologistId)));
        summaries.push({
          otherId: isMember ? pair.psychologistId : pair.memberId,
          otherName: isMember ? pair.psychologistName : (pair.memberName.split(" ")[0] ?? pair.memberName),
          unread: stats?.unread ?? 0,
          lastAt: stats?.lastAt ? new Date(stats.lastAt).toISOString() : null,
          replyHours: pair.replyHours,
        });
      }
      return summaries.sort((a, b) => (b.lastAt ?? "").localeCompare(a.lastAt ?? ""));
    },
  );

  app.get(
    "/api/care/threads/:otherId",
    {
      config: { access: threadParty },
      schema: {
        tags: ["cuidado"],
        summary: "As mensagens de uma conversa; as recebidas passam a lidas",
        params: threadParams,
        response: { 200: z.array(careMessageSchema) },
      },
    },
    async (request) => {
      const thread = await threadOf(request, request.params.otherId);
      const pair = and(
        eq(careMessages.memberId, thread.memberId),
        eq(careMessages.psychologistId, thread.psychologistId),
      );
      await db
        .update(careMessages)
        .set({ readAt: now() })
        .where(and(pair, eq(careMessages.fromMember, !thread.fromMember), isNull(careMessages.readAt)));
      const rows = await db.select().from(careMessages).where(pair).orderBy(asc(careMessages.createdAt));
      return rows.map((row) => ({
        id: row.id,
        mine: row.fromMember === thread.fromMember,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
      }));
    },
  );

  app.post(
    "/api/care/threads/:otherId",
    {
      config: { access: threadParty },
      schema: {
        tags: ["cuidado"],
        summary: "Envia uma mensagem de texto; a outra parte recebe só um aviso por e-mail, sem o conteúdo",
        params: threadParams,
        body: messageInputSchema,
        response: { 201: careMessageSchema },
      },
    },
    async (request, reply) => {
      const thread = await threadOf(request, request.params.otherId);
      const [row] = await db
        .insert(careMessages)
        .values({
          memberId: thread.memberId,
          psychologistId: thread.psychologistId,
          fromMember: thread.fromMember,
          body: request.body.body,
          createdAt: now(),
        })
        .returning();
      if (!row) throw new Error("message insert returned nothing");
      const [recipient] = thread.fromMember
        ? await db
            .select({ email: psychologists.email })
            .from(psychologists)
            .where(eq(psychologists.id, thread.psychologistId))
        : await db
            .select({ email: sql<string>`coalesce(${profiles.careEmail}, ${user.email})` })
            .from(user)
            .leftJoin(profiles, eq(profiles.userId, user.id))
            .where(eq(user.id, thread.memberId));
      if (recipient) {
        const path = thread.fromMember ? "/care/agenda" : "/care";
        await mailer
          .send(newMessageMail(recipient.email, env.APP_URL, path))
          .catch((error: unknown) => request.log.error({ err: error }, "care message mail failed"));
      }
      reply.status(201);
      return { id: row.id, mine: true, body: row.body, createdAt: row.createdAt.toISOString(), readAt: null };
    },
  );
}
