/**
 * PHQ-9 and GAD-7 inside care (issue 47, item 2; docs/decisions/079, 080). The member
 * answers for one psychologist, before the first session and after every fourth held;
 * only the member and that psychologist read the answers (no company, manager or admin
 * route exists), and each read by the psychologist is written to the access log. PHQ-9
 * item 9 above 0 starts the safety path: the member's reply says so (the crisis card),
 * the psychologist's agenda shows an alert until they acknowledge it, and a neutral
 * e-mail tells them to open the agenda. Nobody at the company is told. The psychologist's routes are in
 * patient-measures.routes.ts.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { careTexts } from "#core/care-messages.ts";
import { careInstrumentIds, measureWindow, scoreMeasure } from "#core/questionnaires/care-measures.ts";
import { needsSafetyPath } from "#core/questionnaires/phq9.ts";
import { measureCreatedSchema, measureInputSchema, myMeasuresSchema } from "#core/schemas/care-measures.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { appointments, careMeasures, psychologists } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, defineAccess, requireRole } from "#server/features/auth/index.ts";
import { enqueueJob } from "#server/jobs/runner.ts";
import { toMeasure } from "./measure-view.ts";
import { escalationJob } from "./safety-escalation.ts";

/** Members and managers answer for themselves, as they book for themselves. */
const measuresMember = defineAccess("roles", (request) => requireRole(request, "user", "manager"));

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
        if (held === null) throw new AppError("NOT_FOUND", careTexts.psychologistNotFound);
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
          // Unacknowledged SAFETY_ESCALATION_HOURS later, it goes to the admins (docs/decisions/102).
          await enqueueJob(tx, escalationJob(row.id, at));
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
}
