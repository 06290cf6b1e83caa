/**
 * When a check-in reminder is due (docs/decisions/019): on a chosen weekday,
 * from the chosen time in the person's zone (daylight-saving days included,
 * docs/decisions/029) until an hour later (so a late runner still sends, a
 * long outage does not send in the afternoon), never in the quiet hours nor
 * on a day the company does not work (docs/decisions/092), only with a
 * channel and 'Lembretes' on and no check-in yet that local day.
 */
import type { IsoDay } from "./dates.ts";
import { localDay, weekdayLabels } from "./dates.ts";
import type { NotificationPreferences } from "./schemas/me.ts";
import { zonedInstant } from "./zoned-time.ts";

/** How long after the chosen time a reminder may still go out. */
export const REMINDER_WINDOW_MINUTES = 60;
/** The most a daylight-saving change moves a wall clock (two hours, in any zone today). */
const LARGEST_CLOCK_CHANGE_MINUTES = 120;
/**
 * Wall-clock minutes from the chosen time (`from` ≤ now − chosen < `until`) outside which no reminder
 * is due, whatever the day: the cheap test that rules out almost everyone (the sweep's query uses it too).
 */
export const REMINDER_ROUGH_WINDOW = {
  from: -LARGEST_CLOCK_CHANGE_MINUTES,
  until: REMINDER_WINDOW_MINUTES + LARGEST_CLOCK_CHANGE_MINUTES,
} as const;

export function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** Quiet hours may cross midnight (20:00–08:00); equal start and end mean none. */
export function isInQuietHours(minute: number, quietStart: string, quietEnd: string): boolean {
  const start = minutesOf(quietStart);
  const end = minutesOf(quietEnd);
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

// One formatter per time zone: building one costs far more than using it (the sweep reads every member each minute).
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone`: its day, weekday (0 = domingo) and minute of the day. */
export function localClock(at: Date, timeZone: string): { day: IsoDay; weekday: number; minute: number } {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
    });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return { day: localDay(at, timeZone), weekday, minute: Number(get("hour")) * 60 + Number(get("minute")) };
}

/** A reminder set inside the quiet hours would never go out: the server refuses it. */
export function isReminderInQuietHours(preferences: NotificationPreferences): boolean {
  return isInQuietHours(minutesOf(preferences.reminderTime), preferences.quietStart, preferences.quietEnd);
}

/** The local day a reminder is due for at `now`, or null when none is. */
export function reminderDueDay(
  person: {
    preferences: NotificationPreferences;
    timezone: string;
    lastCheckInDay: IsoDay | null;
    /** The company's working days (0 = domingo); every day when not given. */
    workingDays?: number[];
  },
  now: Date,
): IsoDay | null {
  const { preferences } = person;
  // By e-mail, push (docs/decisions/027) or WhatsApp (092); whether a browser is subscribed or a number
  // confirmed is the server's to know.
  if (!(preferences.email || preferences.push || preferences.whatsapp) || !preferences.reminders) return null;
  const clock = localClock(now, person.timezone);
  if (!preferences.reminderDays.includes(clock.weekday)) return null;
  if (person.workingDays && !person.workingDays.includes(clock.weekday)) return null;
  const reminderMinute = minutesOf(preferences.reminderTime);
  // The wall clock rules out almost everyone cheaply (the sweep runs each minute); on a daylight-saving
  // day it is off by the change, so the instant of the chosen time settles it (docs/decisions/029).
  const roughly = clock.minute - reminderMinute;
  if (roughly < REMINDER_ROUGH_WINDOW.from || roughly >= REMINDER_ROUGH_WINDOW.until) return null;
  const due = zonedInstant(clock.day, Math.floor(reminderMinute / 60), person.timezone, reminderMinute % 60);
  const since = (now.getTime() - due.getTime()) / 60_000;
  if (since < 0 || since >= REMINDER_WINDOW_MINUTES) return null;
  if (isInQuietHours(clock.minute, preferences.quietStart, preferences.quietEnd)) return null;
  if (person.lastCheckInDay && person.lastCheckInDay >= clock.day) return null;
  return clock.day;
}

/** "segunda a sexta", "todos os dias", "segunda, quarta e sexta". */
export function describeDays(days: number[]): string {
  const sorted = [...days].sort();
  if (sorted.length === 7) return "todos os dias";
  if (sorted.join() === "1,2,3,4,5") return "de segunda a sexta";
  const names = sorted.map((day) => weekdayLabels[day]?.toLowerCase() ?? "");
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} e ${names[names.length - 1]}`;
}
