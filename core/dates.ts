/**
 * Calendar days in a person's time zone (docs/design.md §3: a check-in at 23:30 in São
 * Paulo belongs to that day), and pt-BR relative times (spec 9).
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

/** 'há 5 minutos', 'há 3 horas', 'há 2 dias' (minutes under an hour, hours under a day, then days). */
export function relativeTimePtBR(at: Date, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 60_000));
  if (minutes < 1) return "agora mesmo";
  if (minutes < 60) return `há ${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `há ${hours} ${hours === 1 ? "hora" : "horas"}`;
  const days = Math.floor(hours / 24);
  return `há ${days} ${days === 1 ? "dia" : "dias"}`;
}

/** dd/MM/yyyy, as people read dates in Brazil. */
export function formatDayPtBR(day: IsoDay): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
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

const dateTimeParts = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** dd/MM/yyyy HH:mm in São Paulo time, for operators' screens (audit trail, jobs). */
export function formatDateTimePtBR(iso: string): string {
  const values = Object.fromEntries(dateTimeParts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${values.day}/${values.month}/${values.year} ${values.hour}:${values.minute}`;
}
