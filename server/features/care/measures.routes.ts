/**
 * PHQ-9 and GAD-7 inside care (issue 47, item 2; docs/decisions/079, 080). The member
 * answers for one psychologist, before the first session and after every fourth held;
 * only the member and that psychologist read the answers (no company, manager or admin
 * route exists), and each read by the psychologist is written to the access log. PHQ-9
 * item 9 above 0 starts the safety path: the member's reply says so (the crisis card),
 * the psychologist's agenda shows an alert until they acknowledge it, and a neutral
 * e-mail tells them to open the agenda. Nobody at the company is told.
 */
import { and, asc, desc, eq, isNull, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { messages } from "#core/messages.ts";
import { careInstrumentIds, measureWindow, scoreMeasure } from "#core/questionnaires/care-measures.ts";
import { needsSafetyPath } from "#core/questionnaires/phq9.ts";
import {
  measureCreatedSchema,
  measureInputSchema,
  myMeasuresSchema,
  patientMeasuresSchema,
  safetyAlertSchema,
} from "#core/schemas/care-measures.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { appointments, careMeasures, profiles, psychologists, user } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/audit.ts";
import { callerOf, defineAccess } from "#server/features/auth/access.ts";
import { requireRole } from "#server/features/auth/viewer.ts";
import { enqueueJob } from "#server/jobs/runner.ts";
import { careProvider } from "./care-access.ts";

type MeasureRow = typeof careMeasures.$inferSelect;

/** Members and managers answer for themselves, as they book for themselves. */
const measuresMember = defineAccess("roles", (request) => requireRole(request, "user", "manager"));

function toMeasure(row: MeasureRow, psychologistName: string) {
  const { maxScore, band } = scoreMeasure(row.instrument, row.answers);
  return {
    id: row.id,
    instrument: row.instrument,
    psychologistId: row.psychologistId,
    psychologistName,
    window: row.window,
    answers: row.answers,
    difficulty: row.difficulty,
    score: row.score,
    maxScore,
    band,
    answeredAt: row.createdAt.toISOString(),
  };
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export async function careMeasureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  async function heldWith(tx: Db, memberId: string, psychologistId: string) {
    const rows = await tx
      .select({ status: appointments.status })
      .from(appointments)
      .where(
        and(
          eq(appointments.memberId, memberId),
          eq(appointments.psychologistId, psychologistId),
          ne(appointments.status, "cancelled"),
        ),
      );
    return rows.length === 0 ? null : rows.filter((row) => row.status === "held").length;
  }

  app.get(
    "/api/care/measures",
    {
      config: { access: measuresMember },
      schema: {
        tags: ["cuidado"],
        summary: "Minhas autoavaliações (PHQ-9, GAD-7): as que estão abertas agora e as que já respondi",
        response: { 200: myMeasuresSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, measuresMember);
      const [journeys, answered] = await Promise.all([
        db
          .select({
            psychologistId: psychologists.id,
            psychologistName: psychologists.fullName,
            status: appointments.status,
          })
          .from(appointments)
          .innerJoin(psychologists, eq(psychologists.id, appointments.psychologistId))
          .where(and(eq(appointments.memberId, viewer.userId), ne(appointments.status, "cancelled"))),
        db
          .select({ measure: careMeasures, psychologistName: psychologists.fullName })
          .from(careMeasures)
          .innerJoin(psychologists, eq(psychologists.id, careMeasures.psychologistId))
          .where(eq(careMeasures.memberId, viewer.userId))
          .orderBy(desc(careMeasures.createdAt)),
      ]);
      const held = new Map<string, { name: string; held: number }>();
      for (const row of journeys) {
        const entry = held.get(row.psychologistId) ?? { name: row.psychologistName, held: 0 };
        if (row.status === "held") entry.held += 1;
        held.set(row.psychologistId, entry);
      }
      const done = new Set(
        answered.map(({ measure }) => `${measure.psychologistId}|${measure.instrument}|${measure.window}`),
      );
      const due = [...held].flatMap(([psychologistId, journey]) => {
        const window = measureWindow(journey.held);
        return careInstrumentIds
          .filter((instrument) => !done.has(`${psychologistId}|${instrument}|${window}`))
          .map((instrument) => ({ psychologistId, psychologistName: journey.name, instrument, window }));
      });
      return {
        due,
        answered: answered.map(({ measure, psychologistName }) => toMeasure(measure, psychologistName)),
      };
    },
  );

  app.post(
    "/api/care/measures",
    {
      config: { access: measuresMember },
      schema: {
        tags: ["cuidado"],
        summary: "Envia uma autoavaliação (PHQ-9 ou GAD-7) para o(a) psicólogo(a) com quem tenho sessão",
        body: measureInputSchema,
        response: { 201: measureCreatedSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, measuresMember);
      const { psychologistId, instrument, difficulty } = request.body;
      const answers = request.body.answers as number[];
      const { score } = scoreMeasure(instrument, answers);
      const safetyPath = instrument === "phq9" && needsSafetyPath(answers);
      const at = now();
      const created = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const held = await heldWith(tx, viewer.userId, psychologistId);
        if (held === null) throw new AppError("NOT_FOUND", messages.psychologistNotFound);
        const [row] = await tx
          .insert(careMeasures)
          .values({
            memberId: viewer.userId,
            psychologistId,
            instrument,
            window: measureWindow(held),
            answers,
            difficulty: instrument === "phq9" ? (difficulty ?? null) : null,
            score,
            safetyPath: safetyPath ? "alert" : "none",
            createdAt: at,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError("CONFLICT", serverMessages.measureAlreadyAnswered);
        // In the same transaction: the alert and its e-mail stand or fall with the answer.
        if (safetyPath) {
          await enqueueJob(tx, { name: "care-safety-alert", key: row.id, runAt: at, payload: { measureId: row.id } });
        }
        return row;
      });
      const [psychologist] = await db
        .select({ name: psychologists.fullName })
        .from(psychologists)
        .where(eq(psychologists.id, psychologistId));
      reply.status(201);
      return { measure: toMeasure(created, psychologist?.name ?? ""), safetyPath };
    },
  );

  app.get(
    "/api/care/measures/alerts",
    {
      config: { access: careProvider },
      schema: {
        tags: ["cuidado"],
        summary: "Alertas de segurança na minha agenda (item 9 do PHQ-9 acima de zero) ainda não reconhecidos",
        response: { 200: z.array(safetyAlertSchema) },
      },
    },
    async (request) => {
      const { viewer, psychologist } = callerOf(request, careProvider);
      const psychologistId = psychologist.id;
      const rows = await db
        .select({ measure: careMeasures, profileName: profiles.name, userName: user.name })
        .from(careMeasures)
        .innerJoin(user, eq(user.id, careMeasures.memberId))
        .leftJoin(profiles, eq(profiles.userId, careMeasures.memberId))
        .where(
          and(
            eq(careMeasures.psychologistId, psychologistId),
            eq(careMeasures.safetyPath, "alert"),
            isNull(careMeasures.acknowledgedAt),
          ),
        )
        .orderBy(asc(careMeasures.createdAt));
      // An alert tells an answer (item 9 above 0): listing it is a read, logged like opening the answers.
      for (const { measure } of rows) {
        await writeAudit(db, viewer, "care-measure.view", {
          type: "member",
          id: measure.memberId,
          details: { psicologo: psychologistId, leitura: "alerta", autoavaliacao: measure.id },
        });
      }
      return rows.map(({ measure, profileName, userName }) => ({
        id: measure.id,
        memberId: measure.memberId,
        memberName: firstName(profileName ?? userName),
        answeredAt: measure.createdAt.toISOString(),
        acknowledgedAt: null,
      }));
    },
  );

  app.get(
    "/api/care/patients/:memberId/measures",
    {
      config: { access: careProvider },
      schema: {
        tags: ["cuidado"],
        summary:
          "As autoavaliações que uma pessoa que atendo respondeu para mim (a leitura fica no registro de acessos)",
        params: z.object({ memberId: z.string().min(1).max(64) }),
        response: { 200: patientMeasuresSchema },
      },
    },
    async (request) => {
      const { viewer, psychologist } = callerOf(request, careProvider);
      const psychologistId = psychologist.id;
      const { memberId } = request.params;
      const [patient] = await db
        .select({ profileName: profiles.name, userName: user.name })
        .from(appointments)
        .innerJoin(user, eq(user.id, appointments.memberId))
        .leftJoin(profiles, eq(profiles.userId, appointments.memberId))
        .where(and(eq(appointments.memberId, memberId), eq(appointments.psychologistId, psychologistId)))
        .limit(1);
      // Someone else's patient, or nobody: the same 404, so an id tells nothing.
      if (!patient) throw new AppError("NOT_FOUND", serverMessages.patientNotFound);
      const [rows, [self]] = await Promise.all([
        db
          .select()
          .from(careMeasures)
          .where(and(eq(careMeasures.memberId, memberId), eq(careMeasures.psychologistId, psychologistId)))
          .orderBy(desc(careMeasures.createdAt)),
        db.select({ name: psychologists.fullName }).from(psychologists).where(eq(psychologists.id, psychologistId)),
      ]);
      await writeAudit(db, viewer, "care-measure.view", {
        type: "member",
        id: memberId,
        details: { psicologo: psychologistId, leitura: "respostas", autoavaliacoes: rows.length },
      });
      return {
        memberName: firstName(patient.profileName ?? patient.userName),
        measures: rows.map((row) => ({
          ...toMeasure(row, self?.name ?? ""),
          safetyPath: row.safetyPath === "alert",
          acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post(
    "/api/care/measures/:id/acknowledge",
    {
      config: { access: careProvider },
      schema: {
        tags: ["cuidado"],
        summary: "Confirma que li o alerta de segurança de uma autoavaliação (sai da agenda)",
        params: z.object({ id: z.uuid({ error: serverMessages.alertNotFound }) }),
        response: { 200: safetyAlertSchema },
      },
    },
    async (request) => {
      const { viewer, psychologist } = callerOf(request, careProvider);
      const psychologistId = psychologist.id;
      const mine = and(
        eq(careMeasures.id, request.params.id),
        eq(careMeasures.psychologistId, psychologistId),
        eq(careMeasures.safetyPath, "alert"),
      );
      // Only the first acknowledgement is kept: who and when stay those of the first.
      await db
        .update(careMeasures)
        .set({ acknowledgedAt: now(), acknowledgedBy: psychologistId })
        .where(and(mine, isNull(careMeasures.acknowledgedAt)));
      const [row] = await db
        .select({ measure: careMeasures, profileName: profiles.name, userName: user.name })
        .from(careMeasures)
        .innerJoin(user, eq(user.id, careMeasures.memberId))
        .leftJoin(profiles, eq(profiles.userId, careMeasures.memberId))
        .where(mine);
      if (!row) throw new AppError("NOT_FOUND", serverMessages.alertNotFound);
      await writeAudit(db, viewer, "care-measure.acknowledge", {
        type: "member",
        id: row.measure.memberId,
        details: { psicologo: psychologistId, autoavaliacao: row.measure.id },
      });
      return {
        id: row.measure.id,
        memberId: row.measure.memberId,
        memberName: firstName(row.profileName ?? row.userName),
        answeredAt: row.measure.createdAt.toISOString(),
        acknowledgedAt: row.measure.acknowledgedAt?.toISOString() ?? null,
      };
    },
  );
}
