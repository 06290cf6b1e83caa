/** Free slots of bookable psychologists, computed from availability (core/care.ts), never stored. */
import { and, eq, gt, inArray, isNotNull, lt, ne } from "drizzle-orm";
import { BOOKING_HORIZON_DAYS, computeSlots, type Slot } from "#core/care.ts";
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

export async function freeSlots(
  db: Db,
  list: Psychologist[],
  now: Date,
  days = BOOKING_HORIZON_DAYS,
): Promise<Map<string, Slot[]>> {
  const result = new Map<string, Slot[]>();
  if (list.length === 0) return result;
  const ids = list.map((row) => row.id);
  const until = new Date(now.getTime() + (days + 1) * 86_400_000);
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
          ne(appointments.status, "cancelled"),
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
