/**
 * The member's WHO-5 (docs/decisions/077, 078): its own consent, the answer
 * (once in 80 days, complete or refused), 'Agora não', and the member's own
 * results. Every route reads and writes the caller's rows only; nothing here is
 * company-facing, and no company figure reads these tables.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { localDay } from "#core/dates.ts";
import { formatDayPtBR } from "#core/format.ts";
import {
  who5AnsweredSchema,
  who5AnswerInputSchema,
  who5ConsentInputSchema,
  who5MessageSchema,
  who5StatusSchema,
} from "#core/schemas/who5.ts";
import { hasWho5Consent, nextAnswerDay, nextAnswerFrom, snoozedUntil, who5Index, who5Offer } from "#core/who5.ts";
import { who5Messages } from "#core/who5-messages.ts";
import type { Db } from "#server/db/client.ts";
import { profiles, who5Answers, who5ConsentEvents, who5Dismissals } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, defineAccess, requireUser, type Viewer } from "#server/features/auth/index.ts";
import { itemsOf, readWho5 } from "./who5-store.ts";

/** People of a company answer it: a platform admin or a psychologist has no Painel offer. */
const companyPerson = defineAccess("roles", async (request): Promise<Viewer> => {
  const viewer = await requireUser(request);
  if (!viewer.companyId || (viewer.role !== "user" && viewer.role !== "manager")) {
    throw new AppError("FORBIDDEN", who5Messages.notForRole);
  }
  return viewer;
});

const resultOf = (answer: typeof who5Answers.$inferSelect, timezone: string) => ({
  id: answer.id,
  answeredAt: answer.answeredAt.toISOString(),
  day: localDay(answer.answeredAt, timezone),
  items: itemsOf(answer),
  score: answer.score,
});

export async function who5Routes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.get(
    "/api/me/who5",
    {
      config: { access: companyPerson },
      schema: {
        tags: ["bem-estar"],
        summary: "Meu Índice de Bem-Estar (WHO-5): consentimento, se há convite agora e meus resultados",
        response: { 200: who5StatusSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyPerson);
      const { consent, answers, dismissedUntil } = await readWho5(db, viewer.userId);
      const last = answers.at(-1)?.answeredAt ?? null;
      const at = now();
      return {
        consent: consent ? { ...consent, at: consent.at.toISOString() } : null,
        hasConsent: hasWho5Consent(consent),
        offer: who5Offer({ consent, lastAnsweredAt: last, dismissedUntil, timezone: viewer.timezone }, at),
        nextAnswerDay: last && at < nextAnswerFrom(last) ? nextAnswerDay(last, viewer.timezone) : null,
        results: answers.map((answer) => resultOf(answer, viewer.timezone)),
      };
    },
  );

  app.post(
    "/api/me/who5/consent",
    {
      config: { access: companyPerson },
      schema: {
        tags: ["bem-estar"],
        summary: "Dá o consentimento para o Índice de Bem-Estar (separado do consentimento do humor)",
        body: who5ConsentInputSchema,
        response: { 200: who5MessageSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyPerson);
      await db
        .insert(who5ConsentEvents)
        .values({ userId: viewer.userId, kind: "given", version: request.body.version });
      return { message: who5Messages.consentGiven };
    },
  );

  app.delete(
    "/api/me/who5/consent",
    {
      config: { access: companyPerson },
      schema: {
        tags: ["bem-estar"],
        summary: "Revoga o consentimento do Índice de Bem-Estar: nenhuma resposta nova é guardada",
        response: { 200: who5MessageSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyPerson);
      const { consent } = await readWho5(db, viewer.userId);
      // Revoking twice records nothing new: the history says what changed.
      if (consent?.kind === "given") {
        await db.insert(who5ConsentEvents).values({ userId: viewer.userId, kind: "revoked", version: consent.version });
      }
      return { message: who5Messages.consentRevoked };
    },
  );

  app.post(
    "/api/me/who5/dismissal",
    {
      config: { access: companyPerson },
      schema: {
        tags: ["bem-estar"],
        summary: "'Agora não': o convite some do Painel por duas semanas",
        response: { 200: who5MessageSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, companyPerson);
      const until = snoozedUntil(now());
      await db
        .insert(who5Dismissals)
        .values({ userId: viewer.userId, until })
        .onConflictDoUpdate({ target: who5Dismissals.userId, set: { until } });
      return { message: who5Messages.dismissed };
    },
  );

  app.post(
    "/api/me/who5/answers",
    {
      config: { access: companyPerson },
      schema: {
        tags: ["bem-estar"],
        summary: "Responde ao Índice de Bem-Estar: as cinco respostas, no máximo uma vez a cada 80 dias",
        body: who5AnswerInputSchema,
        response: { 201: who5AnsweredSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, companyPerson);
      const answer = await insertWho5Answer(db, viewer, request.body.answers, now());
      return reply.status(201).send({ result: resultOf(answer, viewer.timezone), message: who5Messages.answered });
    },
  );
}

/**
 * One answer, or the refusal: the person's profile row is locked first, so two submits at once
 * cannot both pass the 80-day check; the consent is read inside the same transaction.
 */
async function insertWho5Answer(db: Db, viewer: Viewer, items: number[], at: Date) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`SELECT 1 FROM ${profiles} WHERE ${profiles.userId} = ${viewer.userId} FOR UPDATE`);
    const [[consent], [last]] = await Promise.all([
      tx
        .select({ kind: who5ConsentEvents.kind, version: who5ConsentEvents.version })
        .from(who5ConsentEvents)
        .where(eq(who5ConsentEvents.userId, viewer.userId))
        .orderBy(desc(who5ConsentEvents.at), desc(who5ConsentEvents.id))
        .limit(1),
      tx
        .select({ answeredAt: who5Answers.answeredAt })
        .from(who5Answers)
        .where(eq(who5Answers.userId, viewer.userId))
        .orderBy(desc(who5Answers.answeredAt))
        .limit(1),
    ]);
    if (!hasWho5Consent(consent ?? null)) throw new AppError("CONSENT_REQUIRED", who5Messages.consentRequired);
    if (last && at < nextAnswerFrom(last.answeredAt)) {
      throw new AppError(
        "CONFLICT",
        who5Messages.tooSoon
          .replace("{last}", formatDayPtBR(localDay(last.answeredAt, viewer.timezone)))
          .replace("{next}", formatDayPtBR(nextAnswerDay(last.answeredAt, viewer.timezone))),
      );
    }
    const [item1 = 0, item2 = 0, item3 = 0, item4 = 0, item5 = 0] = items;
    const [row] = await tx
      .insert(who5Answers)
      .values({
        userId: viewer.userId,
        item1,
        item2,
        item3,
        item4,
        item5,
        score: who5Index(items).index,
        answeredAt: at,
      })
      .returning();
    if (!row) throw new Error("WHO-5 answer not written");
    return row;
  });
}
