/**
 * 'Minhas consultas' (issue 13, docs/decisions/025): booking, cancelling and rescheduling. Members and managers
 * book for themselves; only their own appointments are ever read. The directory is in directory.routes.ts, the
 * balance and care contact in my-care.routes.ts.
 */
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { canShowVideoLink } from "#core/care.ts";
import { bookInputSchema, myAppointmentSchema, rescheduleInputSchema } from "#core/schemas/care.ts";
import { serverMessages } from "#core/server-messages.ts";
import { appointments, profiles, psychologists } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf } from "#server/features/auth/index.ts";
import { type Appointment, bookSlot, cancelAppointment, lockOwnActive } from "./booking.ts";
import { careMember } from "./care-access.ts";
import { scheduleReminders, sendAppointmentMails } from "./care-notify.ts";

const idParams = z.object({ id: z.uuid({ error: serverMessages.appointmentNotFound }) });

export async function careRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, env, now } = app.deps;

  /** Mails go after the commit; a failed send is logged and never undoes the booking. */
  function notify(request: FastifyRequest, appointmentId: string, kind: "confirmed" | "changed" | "cancelled") {
    return sendAppointmentMails(db, mailer, env.APP_URL, appointmentId, kind).catch((error: unknown) =>
      request.log.error({ err: error }, "care mail failed"),
    );
  }

  function toMine(row: Appointment & { psychologistName: string; videoUrl: string | null }) {
    const at = now();
    return {
      id: row.id,
      psychologistId: row.psychologistId,
      psychologistName: row.psychologistName,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      status: row.status,
      lateCancellation: row.lateCancellation,
      videoUrl: row.status === "booked" && canShowVideoLink(row.startsAt, row.endsAt, at) ? row.videoUrl : null,
    };
  }

  async function mine(memberId: string, appointmentId: string) {
    const [row] = await db
      .select({ appointment: appointments, psychologistName: psychologists.fullName, videoUrl: psychologists.videoUrl })
      .from(appointments)
      .innerJoin(psychologists, eq(psychologists.id, appointments.psychologistId))
      .where(and(eq(appointments.id, appointmentId), eq(appointments.memberId, memberId)));
    if (!row) throw new AppError("NOT_FOUND", serverMessages.appointmentNotFound);
    return toMine({ ...row.appointment, psychologistName: row.psychologistName, videoUrl: row.videoUrl });
  }

  app.get(
    "/api/care/appointments",
    {
      config: { access: careMember },
      schema: {
        tags: ["cuidado"],
        summary: "Minhas consultas: próximas e passadas",
        response: { 200: z.object({ upcoming: z.array(myAppointmentSchema), past: z.array(myAppointmentSchema) }) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, careMember);
      const rows = await db
        .select({
          appointment: appointments,
          psychologistName: psychologists.fullName,
          videoUrl: psychologists.videoUrl,
        })
        .from(appointments)
        .innerJoin(psychologists, eq(psychologists.id, appointments.psychologistId))
        .where(eq(appointments.memberId, viewer.userId))
        .orderBy(asc(appointments.startsAt));
      const at = now();
      const list = rows.map((row) =>
        toMine({ ...row.appointment, psychologistName: row.psychologistName, videoUrl: row.videoUrl }),
      );
      const isUpcoming = (item: (typeof list)[number]) =>
        item.status === "booked" && Date.parse(item.endsAt) > at.getTime();
      return { upcoming: list.filter(isUpcoming), past: list.filter((item) => !isUpcoming(item)).reverse() };
    },
  );

  app.post(
    "/api/care/appointments",
    {
      config: { access: careMember },
      schema: {
        tags: ["cuidado"],
        summary:
          "Agenda um horário livre (aceitando os termos); usa uma sessão do ciclo. Na primeira vez, `careEmail` diz onde receber avisos e convites (null: o e-mail da conta)",
        body: bookInputSchema,
        response: { 201: myAppointmentSchema },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, careMember);
      const at = now();
      const { careEmail } = request.body;
      const created = await db.transaction(async (tx) => {
        const appointment = await bookSlot(tx, {
          memberId: viewer.userId,
          companyId: viewer.companyId,
          psychologistId: request.body.psychologistId,
          startsAt: new Date(request.body.startsAt),
          now: at,
        });
        // The choice of the first booking, on the member's own profile, before the confirmation goes out.
        if (careEmail !== undefined) {
          await tx
            .update(profiles)
            .set({ careEmail: careEmail?.toLowerCase() ?? null })
            .where(eq(profiles.userId, viewer.userId));
        }
        await scheduleReminders(tx, appointment, at);
        return appointment;
      });
      await notify(request, created.id, "confirmed");
      reply.status(201);
      return mine(viewer.userId, created.id);
    },
  );

  app.post(
    "/api/care/appointments/:id/cancel",
    {
      config: { access: careMember },
      schema: {
        tags: ["cuidado"],
        summary: "Cancela a consulta: com 24 h ou mais de antecedência a sessão volta; depois, vale a regra da empresa",
        params: idParams,
        response: { 200: myAppointmentSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, careMember);
      const at = now();
      await db.transaction(async (tx) => {
        const appointment = await lockOwnActive(tx, viewer.userId, request.params.id, at);
        await cancelAppointment(tx, appointment, at);
      });
      await notify(request, request.params.id, "cancelled");
      return mine(viewer.userId, request.params.id);
    },
  );

  app.post(
    "/api/care/appointments/:id/reschedule",
    {
      config: { access: careMember },
      schema: {
        tags: ["cuidado"],
        summary: "Reagenda com o(a) mesmo(a) psicólogo(a): cancela e agenda numa só transação",
        params: idParams,
        body: rescheduleInputSchema,
        response: { 200: myAppointmentSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, careMember);
      const at = now();
      const created = await db.transaction(async (tx) => {
        const old = await lockOwnActive(tx, viewer.userId, request.params.id, at);
        await cancelAppointment(tx, old, at);
        const appointment = await bookSlot(tx, {
          memberId: viewer.userId,
          companyId: viewer.companyId,
          psychologistId: old.psychologistId,
          startsAt: new Date(request.body.startsAt),
          now: at,
          rescheduledFrom: old.id,
        });
        // The same calendar event moves: its UID stays, its SEQUENCE goes up.
        const [moved] = await tx
          .update(appointments)
          .set({ calendarUid: old.calendarUid ?? old.id, sequence: old.sequence + 2 })
          .where(eq(appointments.id, appointment.id))
          .returning();
        await scheduleReminders(tx, appointment, at);
        return moved as Appointment;
      });
      await notify(request, created.id, "changed");
      return mine(viewer.userId, created.id);
    },
  );
}
