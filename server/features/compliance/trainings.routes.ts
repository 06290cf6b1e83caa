/**
 * /api/compliance/trainings: the harassment trainings of Lei 14.457 art. 23, IV (docs/decisions/090).
 * A manager records a training, then its attendance list: a CSV of matrículas (unknown ones listed and
 * nothing imported until confirmed), or each person marks themselves by the QR code shown at the session,
 * on its day. Attendance is a roster entry per training, nothing more.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { attendanceMatriculas } from "#core/compliance.ts";
import { complianceMessages as m } from "#core/compliance-messages.ts";
import { localDay } from "#core/dates.ts";
import {
  attendanceImportSchema,
  attendanceResultSchema,
  attendByCodeSchema,
  trainingInputSchema,
} from "#core/schemas/compliance.ts";
import { companies, harassmentTrainingAttendance, harassmentTrainings, rosterPeople } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager, signedIn } from "#server/features/auth/index.ts";

const message = z.object({ message: z.string(), id: z.string().optional() });
const params = z.object({ id: z.uuid({ error: m.trainingNotFound }) }).strict();
const MAX_LINES = 5000;

export async function trainingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.post(
    "/api/compliance/trainings",
    {
      config: { access: companyManager },
      schema: {
        tags: ["conformidade"],
        summary: "Registra um treinamento sobre assédio (Lei 14.457, art. 23, IV)",
        body: trainingInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      const { companyId: _, ...fields } = request.body;
      if (fields.heldOn > localDay(now(), company.timezone)) throw new AppError("BAD_REQUEST", m.trainingInFuture);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(harassmentTrainings)
          .values({
            ...fields,
            companyId: company.id,
            code: randomBytes(12).toString("base64url"),
            recordedBy: viewer.name,
          })
          .returning({ id: harassmentTrainings.id });
        await writeAudit(tx, viewer, "harassment-training.record", {
          type: "harassment_training",
          id: row?.id ?? null,
          companyId: company.id,
          details: { title: fields.title, heldOn: fields.heldOn, levels: fields.levels.join(",") },
        });
        return row?.id;
      });
      reply.status(201);
      return { message: m.trainingSaved, id };
    },
  );

  app.post(
    "/api/compliance/trainings/:id/attendance",
    {
      config: { access: companyManager },
      schema: {
        tags: ["conformidade"],
        summary: "Importa a lista de presença de um treinamento (CSV de matrículas)",
        params,
        body: attendanceImportSchema,
        response: { 200: attendanceResultSchema },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
      const { csv, confirmUnknown } = request.body;
      const [training] = await db
        .select({ id: harassmentTrainings.id, title: harassmentTrainings.title })
        .from(harassmentTrainings)
        .where(and(eq(harassmentTrainings.id, request.params.id), eq(harassmentTrainings.companyId, company.id)));
      if (!training) throw new AppError("NOT_FOUND", m.trainingNotFound);
      const matriculas = attendanceMatriculas(csv);
      if (matriculas.length === 0) throw new AppError("BAD_REQUEST", m.fileEmpty);
      if (matriculas.length > MAX_LINES) throw new AppError("PAYLOAD_TOO_LARGE", m.fileTooLarge);
      const people = await db
        .select({ id: rosterPeople.id, matricula: rosterPeople.matricula })
        .from(rosterPeople)
        .where(
          and(
            eq(rosterPeople.companyId, company.id),
            inArray(rosterPeople.matricula, matriculas),
            isNull(rosterPeople.leftAt),
          ),
        );
      const known = new Set(people.map((p) => p.matricula));
      const unknown = matriculas.filter((matricula) => !known.has(matricula));
      if (people.length === 0) throw new AppError("UNKNOWN_MATRICULAS", m.noneKnown);
      if (unknown.length > 0 && !confirmUnknown) throw new AppError("UNKNOWN_MATRICULAS", m.unknownMatriculas(unknown));
      const imported = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(harassmentTrainingAttendance)
          .values(people.map((person) => ({ trainingId: training.id, personId: person.id, source: "csv" as const })))
          .onConflictDoNothing()
          .returning({ personId: harassmentTrainingAttendance.personId });
        await writeAudit(tx, viewer, "harassment-training.attendance", {
          type: "harassment_training",
          id: training.id,
          companyId: company.id,
          details: { title: training.title, imported: rows.length, unknown: unknown.length },
        });
        return rows.length;
      });
      return { message: m.attendanceImported(imported), imported, unknown };
    },
  );

  app.post(
    "/api/compliance/attendance",
    {
      config: { access: signedIn },
      schema: {
        tags: ["conformidade"],
        summary: "Marca a própria presença em um treinamento pelo código (QR) mostrado na sessão",
        body: attendByCodeSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      if (!viewer.companyId) throw new AppError("NOT_FOUND", m.attendanceTokenInvalid);
      const [training] = await db
        .select({ id: harassmentTrainings.id, heldOn: harassmentTrainings.heldOn, timezone: companies.timezone })
        .from(harassmentTrainings)
        .innerJoin(companies, eq(companies.id, harassmentTrainings.companyId))
        .where(
          and(eq(harassmentTrainings.code, request.body.code), eq(harassmentTrainings.companyId, viewer.companyId)),
        );
      if (!training) throw new AppError("NOT_FOUND", m.attendanceTokenInvalid);
      if (training.heldOn !== localDay(now(), training.timezone))
        throw new AppError("BAD_REQUEST", m.attendanceNotToday);
      const [person] = await db
        .select({ id: rosterPeople.id })
        .from(rosterPeople)
        .where(
          and(
            eq(rosterPeople.companyId, viewer.companyId),
            eq(rosterPeople.userId, viewer.userId),
            isNull(rosterPeople.leftAt),
          ),
        );
      if (!person) throw new AppError("CONFLICT", m.attendanceNoMatricula);
      await db
        .insert(harassmentTrainingAttendance)
        .values({ trainingId: training.id, personId: person.id, source: "qr" })
        .onConflictDoNothing();
      return { message: m.attendanceMarked };
    },
  );
}
