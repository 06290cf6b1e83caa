/**
 * The text of the date field (web/components/date-field.tsx): what a person
 * types, shaped as dd/mm/aaaa while they type, and what the form receives
 * for it. The form keeps ISO days (the APIs take them); a text that is not a
 * day reaches the form as typed, so the form's own schema refuses it.
 */
import { dateFieldMessages } from "#core/date-field-messages.ts";
import { parseDay } from "#core/date-input.ts";
import type { IsoDay } from "#core/dates.ts";
import { formatDayPtBR } from "#core/format.ts";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Typed or pasted text → 'dd/mm/aaaa' as far as it goes: '1211' → '12/11', '1/' → '01/',
 * '12112026' → '12/11/2026', a pasted '2026-11-12' → '12/11/2026'. A slash goes in
 * before the month's and the year's first digit, so deleting one does not put it back.
 */
export function maskDateText(typed: string): string {
  const pasted = /^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$/.exec(typed);
  if (pasted) return `${pasted[3]?.padStart(2, "0")}/${pasted[2]?.padStart(2, "0")}/${pasted[1]}`;
  const parts = ["", "", ""];
  let part = 0;
  for (const character of typed) {
    if (/\d/.test(character)) {
      if (part < 2 && parts[part]?.length === 2) part += 1;
      if ((parts[part]?.length ?? 0) < (part === 2 ? 4 : 2)) parts[part] += character;
    } else if (/[/.\-\s]/.test(character) && part < 2 && parts[part] !== "") {
      // A separator after one digit closes the part: '1/' is the 1st, written '01/'.
      parts[part] = (parts[part] ?? "").padStart(2, "0");
      part += 1;
    }
  }
  return parts.slice(0, part + 1).join("/");
}

/** The text a form value shows: an ISO day as dd/mm/aaaa, anything else as it is. */
export function dateTextOf(value: string | null | undefined): string {
  if (!value) return "";
  return ISO_DAY.test(value) && parseDay(value) ? formatDayPtBR(value) : value;
}

export type DateBounds = { min?: IsoDay; max?: IsoDay };

/**
 * What the form receives for a text, and what is wrong with it: '' for nothing typed, the
 * ISO day for a day within the bounds, else the text as typed with the reason in pt-BR.
 */
export function readDateText(text: string, { min, max }: DateBounds = {}): { value: string; problem?: string } {
  const written = text.trim();
  if (written === "") return { value: "" };
  const day = parseDay(written);
  if (!day) {
    const isWhole = /^\d{2}\/\d{2}\/\d{4}$/.test(written);
    return { value: written, problem: isWhole ? dateFieldMessages.noSuchDay(written) : dateFieldMessages.incomplete };
  }
  if (min && day < min) return { value: written, problem: dateFieldMessages.beforeMin(min) };
  if (max && day > max) return { value: written, problem: dateFieldMessages.afterMax(max) };
  return { value: day };
}

/** Today in the browser's own calendar (the field's 'today' mark and where its calendar opens). */
export function todayInBrowser(now = new Date()): IsoDay {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
