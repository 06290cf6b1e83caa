/** Free slots of bookable psychologists, computed from availability (core/care.ts), never stored. */
import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import { BOOKING_HORIZON_DAYS, CARE_TIME_ZONE, computeSlots, type Slot } from "#core/care.ts";
import { localDay } from "#core/dates.ts";
import { zonedInstant } from "#core/zoned-time.ts";
import type { Db } from "#server/db/client.ts";
import { appointments, availabilityWindows, psychologists, timeOff } from "#server/db/schema/index.ts";
import { isBookable } from "./booking.ts";

export type Psychologist = typeof psychologists.$inferSelect;

export async function bookablePsychologists(db: Db, now: Date): Promise<Psychologist[]> {
  const rows = await db
    .select()
    .from(psychologists)
    .where(and(eq(psychologists.status, "verified"), isNotNull(psychologists.userId)));
  return rows.filter((row) => isBookable(row, now));
}

/**
 * Free slots as they stood when today began (São Paulo), less the viewer's own bookings: a slot someone
 * booked today is still offered to everyone else until tomorrow, and one cancelled today comes back
 * tomorrow. So nobody watching a psychologist's slots (a manager included) learns when a person booked;
 * they learn, a day later, that someone on the platform did (docs/decisions/025, "Slots a day behind").
 * A slot taken since today began is refused at booking with `slotTaken`.
 */
export async function freeSlots(
  db: Db,
  list: Psychologist[],
  now: Date,
  viewerId: string | null,
  days = BOOKING_HORIZON_DAYS,
): Promise<Map<string, Slot[]>> {
  const result = new Map<string, Slot[]>();
  if (list.length === 0) return result;
  const ids = list.map((row) => row.id);
  const until = new Date(now.getTime() + (days + 1) * 86_400_000);
  const todayBegan = zonedInstant(localDay(now, CARE_TIME_ZONE), 0, CARE_TIME_ZONE);
  const heldWhenTodayBegan = and(
    lt(appointments.createdAt, todayBegan),
    or(isNull(appointments.cancelledAt), gte(appointments.cancelledAt, todayBegan)),
  );
  const viewersOwn = viewerId
    ? and(eq(appointments.memberId, viewerId), ne(appointments.status, "cancelled"))
    : undefined;
  const [windows, away, taken] = await Promise.all([
    db.select().from(availabilityWindows).where(inArray(availabilityWindows.psychologistId, ids)),
    db
      .select()
      .from(timeOff)
      .where(and(inArray(timeOff.psychologistId, ids), lt(timeOff.startsAt, until), gt(timeOff.endsAt, now))),
    db
      .select({
        psychologistId: appointments.psychologistId,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
      })
      .from(appointments)
      .where(
        and(
          inArray(appointments.psychologistId, ids),
          viewersOwn ? or(heldWhenTodayBegan, viewersOwn) : heldWhenTodayBegan,
          lt(appointments.startsAt, until),
          gt(appointments.endsAt, now),
        ),
      ),
  ]);
  for (const row of list) {
    result.set(
      row.id,
      computeSlots({
        windows: windows.filter((window) => window.psychologistId === row.id),
        sessionMinutes: row.sessionMinutes,
        bufferMinutes: row.bufferMinutes,
        timeOff: away.filter((range) => range.psychologistId === row.id),
        taken: taken.filter((range) => range.psychologistId === row.id),
        from: now,
        days,
      }),
    );
  }
  return result;
}

export function toCard(row: Psychologist, slots: Slot[]) {
  return {
    id: row.id,
    fullName: row.fullName,
    crp: `CRP ${row.crpNumber}`,
    approaches: row.approaches,
    specialties: row.specialties,
    languages: row.languages,
    online: row.online,
    inPersonCity: row.inPersonCity,
    bio: row.bio,
    photoUrl: row.photoUrl,
    sessionMinutes: row.sessionMinutes,
    replyHours: row.replyHours,
    nextSlot: slots[0]?.startsAt.toISOString() ?? null,
  };
}
