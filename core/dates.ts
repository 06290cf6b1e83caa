/**
 * Calendar days in a person's time zone (docs/design.md §3: a check-in at 23:30 in São
 * Paulo belongs to that day). Writing days for people lives in format.ts.
 */
export type IsoDay = string; // YYYY-MM-DD

// Building an Intl.DateTimeFormat costs far more than using one: keep one per time zone. Using one
// still costs a few microseconds, so the last answer per time zone is kept for its minute: every
// zone's day starts on a whole minute, so a minute never spans two days (docs/decisions/021).
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: IsoDay }>();

export function localDay(at: Date, timeZone: string): IsoDay {
  const minute = Math.floor(at.getTime() / 60_000);
  let known = dayFormats.get(timeZone);
  if (known?.minute === minute) return known.day;
  if (!known) {
    const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    known = { format, minute, day: "" };
    dayFormats.set(timeZone, known);
  }
  const parts = known.format.formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  known.minute = minute;
  known.day = `${get("year")}-${get("month")}-${get("day")}`;
  return known.day;
}

export function addDays(day: IsoDay, amount: number): IsoDay {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + amount);
  return date.toISOString().slice(0, 10);
}

/** The later of two days (ISO days compare as strings). */
export function laterDay(a: IsoDay, b: IsoDay): IsoDay {
  return a > b ? a : b;
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The weekdays' names, 0 = domingo (the reminders' days and the company's working days, docs/decisions/092). */
export const weekdayLabels = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"] as const;
