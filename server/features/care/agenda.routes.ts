/**
 * The psychologist's side (docs/decisions/025): their own availability,
 * time off and agenda, and marking a session held or missed. A psychologist
 * sees only their own appointments: the member's first name and the
 * company's name, nothing else about either.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { canMarkNoShow, canShowVideoLink, NO_SHOWS_TO_PAUSE } from "#core/care.ts";
import {
  agendaAppointmentSchema,
  availabilityInputSchema,
  availabilitySchema,
  markInputSchema,
  timeOffInputSchema,
} from "#core/schemas/care.ts";
import { serverMessages } from "#core/server-messages.ts";
import {
  appointments,
  availabilityWindows,
  companies,
  profiles,
  psychologists,
  timeOff,
  user,
} from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf } from "#server/features/auth/index.ts";
import { enqueueJob } from "#server/jobs/runner.ts";
import { careProvider } from "./care-access.ts";
import { consumeCredit } from "./credits.ts";

const idParams = z.object({ id: z.uuid({ error: serverMessages.appointmentNotFound }) });

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export async function agendaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  async function availabilityOf(psychologist: typeof psychologists.$inferSelect) {
    const [windows, away] = await Promise.all([
      db
        .select()
        .from(availabilityWindows)
        .where(eq(availabilityWindows.psychologistId, psychologist.id))
        .orderBy(asc(availabilityWindows.weekday), asc(availabilityWindows.startMinute)),
      db.select().from(timeOff).where(eq(timeOff.psychologistId, psychologist.id)).orderBy(asc(timeOff.startsAt)),
    ]);
    return {
      windows: windows.map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })),
      sessionMinutes: psychologist.sessionMinutes,
      bufferMinutes: psychologist.bufferMinutes,
      videoUrl: psychologist.videoUrl,
      replyHours: psychologist.replyHours,
      timeOff: away
        .filter((range) => range.endsAt > now())
        .map((range) => ({ id: range.id, startsAt: range.startsAt.toISOString(), endsAt: range.endsAt.toISOString() })),
      status: psychologist.status,
    };
  }

  app.get(
    "/api/care/availability",
    {
      config: { access: careProvider },
      schema: {
        tags: ["cuidado"],
        summary: "Minha agenda semanal, duração, intervalo e folgas",
        response: { 200: availabilitySchema },
      },
    },
    async (request) => availabilityOf(callerOf(request, careProvider).psychologist),
  );

  app.put(
    "/api/care/availability",
    {
      config: { access: careProvider },
      schema: {
        tags: ["cuidado"],
        summary: "Define a agenda semanal (horário de Brasília), a duração da sessão, o intervalo e o link da sala",
        body: availabilityInputSchema,
        response: { 200: availabilitySchema },
      },
    },
    async (request) => {
      const { psychologist } = callerOf(request, careProvider);
      const { windows, sessionMinutes, bufferMinutes, videoUrl, replyHours } = request.body;
      const updated = await db.transaction(async (tx) => {
        // Locked like a booking, so no booking reads a half-written week.
        await tx
          .select({ id: psychologists.id })
          .from(psychologists)
          .where(eq(psychologists.id, psychologist.id))
          .for("update");
        await tx.delete(availabilityWindows).where(eq(availabilityWindows.psychologistId, psychologist.id));
        if (windows.length > 0) {
          await tx
            .insert(availabilityWindows)
            .values(windows.map((window) => ({ ...window, psychologistId: psychologist.id })));
        }
        const [row] = await tx
          .update(psychologists)
          .set({ sessionMinutes, bufferMinutes, videoUrl, replyHours })
          .where(eq(psychologists.id, psychologist.id))
          .returning();
        return row as typeof psychologists.$inferSelect;
      });
      return availabilityOf(updated);
    },
  );

  app.post(
    "/api/care/time-off",
    {
      config: { access: careProvider },
      schema: {
        tags: ["cuidado"],
        summary: "Bloqueia um período (folga, férias): nenhum horário é oferecido nele",
        body: timeOffInputSchema,
        response: { 201: availabilitySchema },
      },
    },
    async (request, reply) => {
      const { psychologist } = callerOf(request, careProvider);
      await db.insert(timeOff).values({
        psychologistId: psychologist.id,
        startsAt: new Date(request.body.startsAt),
        endsAt: new Date(request.body.endsAt),
      });
      reply.status(201);
      return availabilityOf(psychologist);
    },
  );

  app.delete(
    "/api/care/time-off/:id",
    {
      config: { access: careProvider },
      schema: {
        tags: ["cuidado"],
        summary: "Remove uma folga",
        params: z.object({ id: z.uuid() }),
        response: { 200: availabilitySchema },
      },
    },
    async (request) => {
      const { psychologist } = callerOf(request, careProvider);
      const removed = await db
        .delete(timeOff)
        .where(and(eq(timeOff.id, request.params.id), eq(timeOff.psychologistId, psychologist.id)))
        .returning({ id: timeOff.id });
      if (removed.length === 0) throw new AppError("NOT_FOUND", serverMessages.notFound);
      return availabilityOf(psychologist);
    },
  );

  async function agendaRows(psychologistId: string, appointmentId?: string) {
    return db
      .select({
        appointment: appointments,
        memberName: profiles.name,
        userName: user.name,
        companyName: companies.name,
        videoUrl: psychologists.videoUrl,
      })
      .from(appointments)
      .innerJoin(psychologists, eq(psychologists.id, appointments.psychologistId))
      .innerJoin(user, eq(user.id, appointments.memberId))
      .leftJoin(profiles, eq(profiles.userId, appointments.memberId))
      .leftJoin(companies, eq(companies.id, appointments.companyId))
      .where(
        and(
          eq(appointments.psychologistId, psychologistId),
          appointmentId ? eq(appointments.id, appointmentId) : undefined,
        ),
      )
      .orderBy(desc(appointments.startsAt));
  }

  function toAgenda(row: Awaited<ReturnType<typeof agendaRows>>[number]) {
    const { appointment } = row;
    return {
      id: appointment.id,
      memberId: appointment.memberId,
      memberName: firstName(row.memberName ?? row.userName),
      companyName: row.companyName,
      startsAt: appointment.startsAt.toISOString(),
      endsAt: appointment.endsAt.toISOString(),
      status: appointment.status,
      videoUrl:
        appointment.status === "booked" && canShowVideoLink(appointment.startsAt, appointment.endsAt, now())
          ? row.videoUrl
          : null,
    };
  }

  app.get(
    "/api/care/agenda",
    {
      config: { access: careProvider },
      schema: {
        tags: ["cuidado"],
        summary: "Minha agenda: consultas próximas e passadas (primeiro nome e empresa da pessoa)",
        response: {
          200: z.object({ upcoming: z.array(agendaAppointmentSchema), past: z.array(agendaAppointmentSchema) }),
        },
      },
    },
    async (request) => {
      const { psychologist } = callerOf(request, careProvider);
      const list = (await agendaRows(psychologist.id)).map(toAgenda);
      const at = now().getTime();
      const isUpcoming = (item: (typeof list)[number]) => item.status === "booked" && Date.parse(item.endsAt) > at;
      return { upcoming: list.filter(isUpcoming).reverse(), past: list.filter((item) => !isUpcoming(item)) };
    },
  );

  app.post(
    "/api/care/agenda/:id/mark",
    {
      config: { access: careProvider },
      schema: {
        tags: ["cuidado"],
        summary: "Registra a sessão como realizada ou falta (falta a partir de 10 min do início)",
        params: idParams,
        body: markInputSchema,
        response: { 200: agendaAppointmentSchema },
      },
    },
    async (request) => {
      const { psychologist } = callerOf(request, careProvider);
      const at = now();
      const { outcome } = request.body;
      await db.transaction(async (tx) => {
        const [appointment] = await tx
          .select()
          .from(appointments)
          .where(and(eq(appointments.id, request.params.id), eq(appointments.psychologistId, psychologist.id)))
          .for("update");
        if (!appointment) throw new AppError("NOT_FOUND", serverMessages.appointmentNotFound);
        if (appointment.status !== "booked") throw new AppError("CONFLICT", serverMessages.appointmentNotActive);
        if (appointment.startsAt > at) throw new AppError("CONFLICT", serverMessages.markBeforeStart);
        if (outcome === "no_show" && !canMarkNoShow(appointment.startsAt, at)) {
          throw new AppError("CONFLICT", serverMessages.markTooSoon);
        }
        await tx.update(appointments).set({ status: outcome, markedAt: at }).where(eq(appointments.id, appointment.id));
        await consumeCredit(tx, appointment.id);
        if (outcome === "no_show") {
          // Three no-shows in a row (of the member's last marked sessions) pause their booking.
          const recent = await tx
            .select({ status: appointments.status })
            .from(appointments)
            .where(and(eq(appointments.memberId, appointment.memberId)))
            .orderBy(desc(appointments.startsAt))
            .limit(20);
          const marked = recent.filter((row) => row.status === "held" || row.status === "no_show");
          const streak = marked.slice(0, NO_SHOWS_TO_PAUSE);
          if (streak.length === NO_SHOWS_TO_PAUSE && streak.every((row) => row.status === "no_show")) {
            await tx.update(profiles).set({ carePausedAt: at }).where(eq(profiles.userId, appointment.memberId));
            await enqueueJob(tx, {
              name: "care-paused",
              key: `${appointment.memberId}|${at.toISOString()}`,
              runAt: at,
              payload: { memberId: appointment.memberId },
            });
          }
        }
      });
      const [row] = await agendaRows(psychologist.id, request.params.id);
      if (!row) throw new AppError("NOT_FOUND", serverMessages.appointmentNotFound);
      return toAgenda(row);
    },
  );
}
