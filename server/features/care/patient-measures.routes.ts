/**
 * PHQ-9 and GAD-7 inside care, the psychologist's side (issue 47, item 2; docs/decisions/079, 080): the safety
 * alerts of their agenda and their acknowledgement, and one patient's answers. Each read is written to the
 * access log; nobody at the company is told. The member's side is in measures.routes.ts.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { patientMeasuresSchema, safetyAlertSchema } from "#core/schemas/care-measures.ts";
import { serverMessages } from "#core/server-messages.ts";
import { appointments, auditLog, careMeasures, profiles, psychologists, user } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf } from "#server/features/auth/index.ts";
import { careProvider } from "./care-access.ts";
import { toMeasure } from "./measure-view.ts";

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export async function patientMeasureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

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
      // An alert tells an answer (item 9 above 0): listing it is a read, logged like opening the answers, once
      // per alert and reader, not on each minute's refresh of the agenda (docs/decisions/102).
      const logged = rows.length
        ? await db
            .select({ measureId: sql<string>`${auditLog.details}->>'autoavaliacao'` })
            .from(auditLog)
            .where(
              and(
                eq(auditLog.action, "care-measure.view"),
                eq(auditLog.actorUserId, viewer.userId),
                sql`${auditLog.details}->>'leitura' = 'alerta'`,
                inArray(
                  sql`${auditLog.details}->>'autoavaliacao'`,
                  rows.map(({ measure }) => measure.id),
                ),
              ),
            )
        : [];
      const seen = new Set(logged.map((row) => row.measureId));
      for (const { measure } of rows.filter((row) => !seen.has(row.measure.id))) {
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
        escalatedAt: measure.escalatedAt?.toISOString() ?? null,
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
        escalatedAt: row.measure.escalatedAt?.toISOString() ?? null,
      };
    },
  );
}
