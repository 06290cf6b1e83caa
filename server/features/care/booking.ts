/**
 * Booking, cancelling and rescheduling (docs/decisions/025). A booking locks
 * the psychologist's row, so bookings of one psychologist run one at a time
 * and the overlap check sees every earlier one; the unique index
 * appointments_one_per_slot is the database's last word on a slot. The
 * member's row is locked too, for their own overlaps and their credits.
 */
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import {
  BOOKING_HORIZON_DAYS,
  BOOKING_MIN_NOTICE_MINUTES,
  isLateCancellation,
  isOnGrid,
  isVerificationCurrent,
} from "#core/care.ts";
import { careTexts } from "#core/care-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { appointments, availabilityWindows, psychologists, timeOff } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { careRuleOf, consumeCredit, holdCredit, lockMember, releaseCredit } from "./credits.ts";

export type Appointment = typeof appointments.$inferSelect;

export function isBookable(psychologist: typeof psychologists.$inferSelect, at: Date): boolean {
  return (
    psychologist.status === "verified" &&
    psychologist.userId !== null &&
    isVerificationCurrent(psychologist.verifiedAt, at)
  );
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; ) {
    if (current.code === "23505") return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Books one slot inside `tx` (the caller's transaction): every refusal is a clear pt-BR AppError. */
export async function bookSlot(
  tx: Db,
  input: {
    memberId: string;
    companyId: string;
    psychologistId: string;
    startsAt: Date;
    now: Date;
    rescheduledFrom?: string;
  },
): Promise<Appointment> {
  const [psychologist] = await tx
    .select()
    .from(psychologists)
    .where(eq(psychologists.id, input.psychologistId))
    .for("update");
  if (!psychologist) throw new AppError("NOT_FOUND", careTexts.psychologistNotFound);
  if (!isBookable(psychologist, input.now)) throw new AppError("CONFLICT", serverMessages.psychologistUnavailable);
  const { startsAt, now } = input;
  if (startsAt.getTime() < now.getTime() + BOOKING_MIN_NOTICE_MINUTES * 60_000) {
    throw new AppError("CONFLICT", serverMessages.slotTooSoon);
  }
  const windows = await tx
    .select()
    .from(availabilityWindows)
    .where(eq(availabilityWindows.psychologistId, psychologist.id));
  const tooFar = startsAt.getTime() > now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000;
  if (tooFar || !isOnGrid(startsAt, windows, psychologist.sessionMinutes, psychologist.bufferMinutes)) {
    throw new AppError("BAD_REQUEST", careTexts.slotInvalid);
  }
  const endsAt = new Date(startsAt.getTime() + psychologist.sessionMinutes * 60_000);
  const [away] = await tx
    .select({ id: timeOff.id })
    .from(timeOff)
    .where(
      and(eq(timeOff.psychologistId, psychologist.id), lt(timeOff.startsAt, endsAt), gt(timeOff.endsAt, startsAt)),
    );
  if (away) throw new AppError("BAD_REQUEST", careTexts.slotInvalid);

  const overlapping = (column: typeof appointments.psychologistId | typeof appointments.memberId, id: string) =>
    tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(column, id),
          ne(appointments.status, "cancelled"),
          lt(appointments.startsAt, endsAt),
          gt(appointments.endsAt, startsAt),
        ),
      )
      .limit(1);
  if ((await overlapping(appointments.psychologistId, psychologist.id)).length > 0) {
    throw new AppError("CONFLICT", serverMessages.slotTaken);
  }
  if ((await lockMember(tx, input.memberId)).paused) throw new AppError("CONFLICT", serverMessages.bookingPaused);
  if ((await overlapping(appointments.memberId, input.memberId)).length > 0) {
    throw new AppError("CONFLICT", serverMessages.memberOverlap);
  }
  let created: Appointment | undefined;
  try {
    // A savepoint, so a unique violation becomes a clear message without aborting the caller's transaction.
    created = await tx.transaction(async (savepoint) => {
      const [row] = await savepoint
        .insert(appointments)
        .values({
          psychologistId: psychologist.id,
          memberId: input.memberId,
          companyId: input.companyId,
          startsAt,
          endsAt,
          rescheduledFrom: input.rescheduledFrom ?? null,
          // The app's clock, as cancelledAt: the slots others see follow the day a booking was made (slots.ts).
          createdAt: now,
        })
        .returning();
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", serverMessages.slotTaken);
    throw error;
  }
  if (!created) throw new Error("appointment insert returned nothing");
  await holdCredit(tx, input.memberId, input.companyId, now, created.id);
  return created;
}

/** The member's own active appointment, locked; anything else is 404 or a clear refusal. */
export async function lockOwnActive(tx: Db, memberId: string, appointmentId: string, now: Date) {
  const [appointment] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.memberId, memberId)))
    .for("update");
  if (!appointment) throw new AppError("NOT_FOUND", serverMessages.appointmentNotFound);
  if (appointment.status !== "booked") throw new AppError("CONFLICT", serverMessages.appointmentNotActive);
  if (appointment.startsAt <= now) throw new AppError("CONFLICT", serverMessages.appointmentStarted);
  return appointment;
}

/** Cancels; the credit comes back 24 h or more before, and later only if the company's rule says so. */
export async function cancelAppointment(tx: Db, appointment: Appointment, now: Date) {
  const late = isLateCancellation(appointment.startsAt, now);
  const [cancelled] = await tx
    .update(appointments)
    .set({ status: "cancelled", cancelledAt: now, lateCancellation: late, sequence: sql`${appointments.sequence} + 1` })
    .where(eq(appointments.id, appointment.id))
    .returning();
  const consumes =
    late && appointment.companyId ? (await careRuleOf(tx, appointment.companyId, now)).lateCancelConsumes : false;
  if (consumes) await consumeCredit(tx, appointment.id);
  else await releaseCredit(tx, appointment.id);
  return cancelled as Appointment;
}
