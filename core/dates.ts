/**
 * Calendar days in a person's time zone (docs/design.md §3: a check-in at 23:30 in São
 * Paulo belongs to that day). Writing days for people lives in format.ts.
 */
export type IsoDay = string; // YYYY-MM-DD

// Building an Intl.DateTimeFormat costs far more than using one: keep one per time zone.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function localDay(at: Date, timeZone: string): IsoDay {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
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

/** The instant of `hour`:00 on `day` in `timeZone` (the zone's offset read from Intl). */
export function zonedInstant(day: IsoDay, hour: number, timeZone: string): Date {
  const guess = Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(guess));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "00";
  const wall = Date.parse(`${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}:00Z`);
  return new Date(guess - (wall - guess));
}
