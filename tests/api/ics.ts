/**
 * When an .ics says its event happens, as a calendar reads it (issue 30): DTSTART and DTEND with a
 * TZID are wall times of that zone, with a 'Z' they are UTC. Tests compare these instants with the
 * booking, never the file's text, so a right wall time in the wrong zone still fails.
 */
import { TZDate } from "@date-fns/tz";

export type IcsTimes = { start: Date; end: Date; timeZone: string | null; startWall: string };

function readTime(ics: string, property: "DTSTART" | "DTEND") {
  const match = ics.match(new RegExp(`^${property}(?:;TZID=([^:;\\r\\n]+))?:(\\d{8}T\\d{6})(Z?)\\r?$`, "m"));
  if (!match) throw new Error(`${property} missing or not a date-time:\n${ics}`);
  const [, timeZone, wall = "", utc] = match;
  const [year, month, day, hour, minute, second] = [0, 4, 6, 9, 11, 13].map((at, index) =>
    Number(wall.slice(at, index === 0 ? 4 : at + 2)),
  ) as [number, number, number, number, number, number];
  const at = utc
    ? new Date(Date.UTC(year, month - 1, day, hour, minute, second))
    : new Date(new TZDate(year, month - 1, day, hour, minute, second, timeZone ?? "UTC").getTime());
  if (!utc && !timeZone) throw new Error(`${property} is floating (no TZID, no Z):\n${ics}`);
  return { at, timeZone: utc ? null : (timeZone ?? null), wall };
}

export function icsTimes(ics: string): IcsTimes {
  if (ics.match(/BEGIN:VEVENT/g)?.length !== 1) throw new Error(`expected one VEVENT:\n${ics}`);
  const start = readTime(ics, "DTSTART");
  const end = readTime(ics, "DTEND");
  return { start: start.at, end: end.at, timeZone: start.timeZone, startWall: start.wall };
}
