/**
 * Who hears about an appointment, and when: the member (at their care
 * e-mail when set) and the psychologist get each change at once, and
 * reminders 24 h and 1 h before come from the job runner (server/jobs).
 */
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { appointments, profiles, psychologists, user } from "#server/db/schema/index.ts";
import type { JobContext } from "#server/jobs/runner.ts";
import { enqueueJob } from "#server/jobs/runner.ts";
import { layout } from "#server/mail/layout.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { Appointment } from "./booking.ts";
import { appointmentMail, type CareMailKind } from "./care-mail.ts";

const REMINDER_HOURS = [24, 1] as const;

async function recipientsOf(db: Db, appointmentId: string) {
  const [row] = await db
    .select({
      appointment: appointments,
      memberEmail: user.email,
      careEmail: profiles.careEmail,
      psychologistEmail: psychologists.email,
    })
    .from(appointments)
    .innerJoin(user, eq(user.id, appointments.memberId))
    .leftJoin(profiles, eq(profiles.userId, appointments.memberId))
    .innerJoin(psychologists, eq(psychologists.id, appointments.psychologistId))
    .where(eq(appointments.id, appointmentId));
  return row;
}

export async function sendAppointmentMails(
  db: Db,
  mailer: Mailer,
  appUrl: string,
  appointmentId: string,
  kind: CareMailKind,
): Promise<void> {
  const row = await recipientsOf(db, appointmentId);
  if (!row) return;
  const { appointment } = row;
  const calendar = {
    id: appointment.calendarUid ?? appointment.id,
    startsAt: appointment.startsAt,
    endsAt: appointment.endsAt,
    sequence: appointment.sequence,
  };
  await mailer.send(
    appointmentMail({ to: row.careEmail ?? row.memberEmail, kind, appointment: calendar, appUrl, path: "/care" }),
  );
  await mailer.send(
    appointmentMail({ to: row.psychologistEmail, kind, appointment: calendar, appUrl, path: "/care/agenda" }),
  );
}

/** Enqueued with the booking (same transaction); each runs once, and only if the appointment still stands as booked. */
export async function scheduleReminders(tx: Db, appointment: Appointment, now: Date): Promise<void> {
  for (const hours of REMINDER_HOURS) {
    const runAt = new Date(appointment.startsAt.getTime() - hours * 3_600_000);
    if (runAt <= now) continue;
    await enqueueJob(tx, {
      name: "care-reminder",
      key: `${appointment.id}|${hours}h`,
      runAt,
      payload: { appointmentId: appointment.id },
    });
  }
}

export async function sendCareReminder(context: JobContext, deps: { mailer: Mailer; appUrl: string }) {
  const appointmentId = String(context.job.payload?.appointmentId ?? "");
  const [appointment] = await context.db
    .select({ status: appointments.status, startsAt: appointments.startsAt })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (appointment?.status !== "booked" || appointment.startsAt <= context.now) return { sent: false };
  await sendAppointmentMails(context.db, deps.mailer, deps.appUrl, appointmentId, "reminder");
  return { sent: true };
}

/**
 * Tells the member their booking is paused after three no-shows in a row, and
 * how to resume (docs/decisions/025). Enqueued in the transaction that pauses,
 * keyed by the pause, so it goes once; sent only if still paused. Neutral
 * words, like every care mail: no 'psicólogo', no count of absences.
 */
export async function sendCarePausedMail(context: JobContext, deps: { mailer: Mailer; appUrl: string }) {
  const memberId = String(context.job.payload?.memberId ?? "");
  const [row] = await context.db
    .select({ email: user.email, careEmail: profiles.careEmail, pausedAt: profiles.carePausedAt })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(eq(profiles.userId, memberId));
  if (!row?.pausedAt) return { sent: false };
  const subject = "Seus agendamentos no Sereno estão pausados";
  const paragraphs = [
    "Depois de três faltas seguidas, novos agendamentos ficam pausados. Os compromissos já marcados continuam valendo.",
    "Para voltar a agendar, abra o Sereno pelo botão abaixo, releia as regras de presença e confirme. É só isso: ninguém da sua empresa fica sabendo.",
  ];
  const url = `${deps.appUrl}/care`;
  await deps.mailer.send({
    to: row.careEmail ?? row.email,
    subject,
    html: layout(subject, paragraphs, { label: "Voltar a agendar", url }, "Sereno"),
    text: `${paragraphs.join("\n\n")}\n\n${url}`,
  });
  return { sent: true };
}
