/**
 * The rules of care (issue 13, docs/decisions/025): which slots a
 * psychologist offers, the credit cycle a day belongs to, and the time rules
 * around an appointment. Pure: server and web share them.
 */
import { addDays, type IsoDay, localDay } from "./dates.ts";
import { isInternalAddress } from "./internal-address.ts";
import { zonedInstant } from "./zoned-time.ts";

export const CARE_TIME_ZONE = "America/Sao_Paulo";
/** Cancelling this long before or more returns the credit; later is a late cancellation. */
export const FREE_CANCEL_HOURS = 24;
/** The video link shows from this long before the start. */
const VIDEO_LINK_MINUTES_BEFORE = 15;
/** A no-show can be marked from this long after the start. */
const NO_SHOW_AFTER_MINUTES = 10;
/** Three no-shows in a row pause booking. */
export const NO_SHOWS_TO_PAUSE = 3;
/** Verification lasts 12 months; the admin is told 30 days before. */
const VERIFICATION_MONTHS = 12;
export const VERIFICATION_WARNING_DAYS = 30;

/**
 * Where a member's care notices and calendar invites go: the address chosen for care, else the account's,
 * unless the account has only the internal address (activated by CPF or matrícula, no e-mail), which the
 * mailer never sends to (docs/decisions/045).
 */
export function careInviteAddress(careEmail: string | null, accountEmail: string): string | null {
  if (careEmail) return careEmail;
  return isInternalAddress(accountEmail) ? null : accountEmail;
}

/** The toast after booking or rescheduling, saying how the person is reached: e-mail only when one goes. */
export function bookingConfirmation({ rescheduled, inviteTo }: { rescheduled: boolean; inviteTo: string | null }) {
  if (inviteTo)
    return rescheduled
      ? "Consulta remarcada. Enviamos o convite atualizado por e-mail."
      : "Consulta agendada. Enviamos o convite por e-mail.";
  return rescheduled
    ? "Consulta remarcada. A nova data fica aqui, em Apoio psicológico: como sua conta não tem e-mail, não enviamos convite."
    : "Consulta agendada. Ela fica aqui, em Apoio psicológico: como sua conta não tem e-mail, não enviamos convite.";
}
/** A safety alert (PHQ-9 item 9) still unacknowledged this long after the answer goes to the admins (docs/decisions/102). */
export const SAFETY_ESCALATION_HOURS = 4;
/** How far ahead slots are offered, and the least notice a booking needs. */
export const BOOKING_HORIZON_DAYS = 28;
export const BOOKING_MIN_NOTICE_MINUTES = 60;

export type AvailabilityWindow = { weekday: number; startMinute: number; endMinute: number };
export type TimeRange = { startsAt: Date; endsAt: Date };
export type Slot = { startsAt: Date; endsAt: Date };

/** The instant of `minute` minutes after midnight of `day` in São Paulo. */
export function careInstant(day: IsoDay, minute: number): Date {
  return zonedInstant(day, Math.floor(minute / 60), CARE_TIME_ZONE, minute % 60);
}

function weekdayOf(day: IsoDay): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

function overlaps(a: TimeRange, b: TimeRange): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/**
 * The grid of one window: a session every session+buffer minutes from its
 * start, while the session fits. The grid is fixed, so a start names a slot.
 */
export function windowStarts(window: AvailabilityWindow, sessionMinutes: number, bufferMinutes: number): number[] {
  const starts: number[] = [];
  for (let minute = window.startMinute; minute + sessionMinutes <= window.endMinute; ) {
    starts.push(minute);
    minute += sessionMinutes + bufferMinutes;
  }
  return starts;
}

/** Free slots from `from` for `days` days: on the grid, not in time off, not taken, with the minimum notice. */
export function computeSlots(input: {
  windows: AvailabilityWindow[];
  sessionMinutes: number;
  bufferMinutes: number;
  timeOff: TimeRange[];
  taken: TimeRange[];
  from: Date;
  days: number;
  minNoticeMinutes?: number;
}): Slot[] {
  const earliest = new Date(input.from.getTime() + (input.minNoticeMinutes ?? BOOKING_MIN_NOTICE_MINUTES) * 60_000);
  const firstDay = localDay(input.from, CARE_TIME_ZONE);
  const slots: Slot[] = [];
  for (let offset = 0; offset < input.days; offset++) {
    const day = addDays(firstDay, offset);
    const weekday = weekdayOf(day);
    const windows = input.windows
      .filter((window) => window.weekday === weekday)
      .sort((a, b) => a.startMinute - b.startMinute);
    for (const window of windows) {
      for (const minute of windowStarts(window, input.sessionMinutes, input.bufferMinutes)) {
        const startsAt = careInstant(day, minute);
        const slot = { startsAt, endsAt: new Date(startsAt.getTime() + input.sessionMinutes * 60_000) };
        if (startsAt < earliest) continue;
        if (input.timeOff.some((range) => overlaps(range, slot))) continue;
        if (input.taken.some((range) => overlaps(range, slot))) continue;
        // Two windows, or a spring-forward gap (docs/decisions/029), can put two starts on one instant: offer it once.
        if (slots.some((other) => other.startsAt.getTime() === startsAt.getTime())) continue;
        slots.push(slot);
      }
    }
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Whether `startsAt` is on the psychologist's grid (the booking's own check; taken and time off apart). */
export function isOnGrid(
  startsAt: Date,
  windows: AvailabilityWindow[],
  sessionMinutes: number,
  bufferMinutes: number,
): boolean {
  const day = localDay(startsAt, CARE_TIME_ZONE);
  const weekday = weekdayOf(day);
  return windows
    .filter((window) => window.weekday === weekday)
    .some((window) =>
      windowStarts(window, sessionMinutes, bufferMinutes).some(
        (minute) => careInstant(day, minute).getTime() === startsAt.getTime(),
      ),
    );
}

export const careCycles = ["month", "quarter", "year"] as const;
export type CareCycle = (typeof careCycles)[number];
export const careCycleLabels: Record<CareCycle, string> = { month: "mês", quarter: "trimestre", year: "ano" };

/** What a company grants when the admin has set nothing: each plan's default (docs/decisions/025). */
export const planCareDefaults: Record<
  "essencial" | "prime" | "enterprise",
  { sessionsPerCycle: number; cycle: CareCycle }
> = {
  essencial: { sessionsPerCycle: 2, cycle: "month" },
  prime: { sessionsPerCycle: 4, cycle: "month" },
  enterprise: { sessionsPerCycle: 4, cycle: "month" },
};

/** The first day of the cycle containing `at` (in São Paulo): credits never roll over from one to the next. */
export function cycleStart(at: Date, cycle: CareCycle): IsoDay {
  return cycleStartOfDay(localDay(at, CARE_TIME_ZONE), cycle);
}

function cycleStartOfDay(day: IsoDay, cycle: CareCycle): IsoDay {
  const [year = "1970", month = "01"] = day.split("-");
  const monthNumber = Number(month);
  if (cycle === "year") return `${year}-01-01`;
  if (cycle === "quarter") return `${year}-${String(Math.floor((monthNumber - 1) / 3) * 3 + 1).padStart(2, "0")}-01`;
  return `${year}-${month}-01`;
}

/** The first day after the cycle starting on `start`. */
export function cycleEnd(start: IsoDay, cycle: CareCycle): IsoDay {
  const [year, month] = start.split("-").map(Number) as [number, number];
  const months = cycle === "year" ? 12 : cycle === "quarter" ? 3 : 1;
  const total = year * 12 + (month - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}-01`;
}

/**
 * The São Paulo day a change of the company's rule made at `at` starts (docs/decisions/039): the end of the
 * cycle in force, or, when the new cycle does not start there (month to quarter in November), the start of
 * the first new cycle after it; until then the current rule goes on with its own cycles. Cycles are calendar
 * months, quarters and years, so that day ends a current cycle too: no day falls in two cycles, or in none.
 */
export function ruleChangeDay(at: Date, current: CareCycle, next: CareCycle): IsoDay {
  const end = cycleEnd(cycleStart(at, current), current);
  const start = cycleStartOfDay(end, next);
  return start === end ? end : cycleEnd(start, next);
}

/** The `count` closed São Paulo months (YYYY-MM) before the one `at` falls in, oldest first. */
export function closedMonthsBefore(at: Date, count: number): string[] {
  const [year, month] = localDay(at, CARE_TIME_ZONE).split("-").map(Number) as [number, number];
  const current = year * 12 + (month - 1);
  return Array.from({ length: count }, (_, i) => {
    const total = current - count + i;
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`;
  });
}

/** The instant a São Paulo month (YYYY-MM) begins. */
export function monthStart(month: string): Date {
  return careInstant(`${month}-01`, 0);
}

/** The month (YYYY-MM) after `month`. */
export function nextMonth(month: string): string {
  return cycleEnd(`${month}-01`, "month").slice(0, 7);
}

/** A cancellation at `at` of a session starting at `startsAt` is late when under 24 h before. */
export function isLateCancellation(startsAt: Date, at: Date): boolean {
  return startsAt.getTime() - at.getTime() < FREE_CANCEL_HOURS * 3_600_000;
}

export function canShowVideoLink(startsAt: Date, endsAt: Date, at: Date): boolean {
  return at.getTime() >= startsAt.getTime() - VIDEO_LINK_MINUTES_BEFORE * 60_000 && at < endsAt;
}

export function canMarkNoShow(startsAt: Date, at: Date): boolean {
  return at.getTime() >= startsAt.getTime() + NO_SHOW_AFTER_MINUTES * 60_000;
}

/** Verification expires 12 months after it was given. */
export function verificationExpiresAt(verifiedAt: Date): Date {
  const expires = new Date(verifiedAt);
  expires.setUTCMonth(expires.getUTCMonth() + VERIFICATION_MONTHS);
  return expires;
}

export function isVerificationCurrent(verifiedAt: Date | null, at: Date): boolean {
  return verifiedAt !== null && verificationExpiresAt(verifiedAt) > at;
}

/** The directory's 'Próximo horário disponível' filter (docs/decisions/025): by São Paulo calendar day. */
export const availabilityFilters = ["hoje-ou-amanha", "7-dias"] as const;
export type AvailabilityFilter = (typeof availabilityFilters)[number];
export const availabilityFilterLabels: Record<AvailabilityFilter, string> = {
  "hoje-ou-amanha": "Hoje ou amanhã",
  "7-dias": "Nos próximos 7 dias",
};
const availabilityFilterDays: Record<AvailabilityFilter, number> = { "hoje-ou-amanha": 2, "7-dias": 7 };

/** Whether a psychologist whose next free slot is `nextSlot` passes the filter at `at` (today counts as day 1). */
export function isAvailableWithin(nextSlot: Date | null, at: Date, filter: AvailabilityFilter): boolean {
  if (!nextSlot) return false;
  const lastDay = addDays(localDay(at, CARE_TIME_ZONE), availabilityFilterDays[filter] - 1);
  return localDay(nextSlot, CARE_TIME_ZONE) <= lastDay;
}
