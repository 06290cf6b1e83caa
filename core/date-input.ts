/**
 * The date field's rules (web/components/date-field.tsx): days as people in Brazil write
 * them, read into ISO days (the roster's admission dates too), and its calendar's steps by
 * month. Apart from dates.ts so the pages without a date field do not load them
 * (vite.config.ts, docs/decisions/053).
 */
import type { IsoDay } from "./dates.ts";

/**
 * A day as people write it: '12/11/2026', '1/2/2026', '12.11.2026', or ISO '2026-11-12' (a
 * spreadsheet's '2026-11-12T00:00' too) → '2026-11-12'; null when the calendar has no such
 * day ('31/02/2026') or the year is outside 1900–2100.
 */
export function parseDay(text: string): IsoDay | null {
  const written = text.trim();
  const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(written);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(written);
  const [year, month, day] = br
    ? [Number(br[3]), Number(br[2]), Number(br[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (year < 1900 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The same day `months` months on; the month's last day when it is shorter (31/01 + 1 → 28/02). */
export function addMonths(day: IsoDay, months: number): IsoDay {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastDay))).toISOString().slice(0, 10);
}
