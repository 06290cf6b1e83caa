/**
 * When an .ics says its event happens, as a calendar reads it (issue 30): DTSTART and DTEND with a
 * TZID are wall times of that zone, placed by the file's own VTIMEZONE (a calendar that lacks one
 * cannot place them); with a 'Z' they are UTC. Tests compare these instants with the booking, never
 * the file's text, so a right wall time in the wrong zone still fails.
 */

export type IcsTimes = { start: Date; end: Date; timeZone: string | null; startWall: string };

function readTime(ics: string, property: "DTSTART" | "DTEND") {
  const event = ics.slice(ics.indexOf("BEGIN:VEVENT"));
  const match = event.match(new RegExp(`^${property}(?:;TZID=([^:;\\r\\n]+))?:(\\d{8}T\\d{6})(Z?)\\r?$`, "m"));
  if (!match) throw new Error(`${property} missing or not a date-time:\n${ics}`);
  const [, timeZone, wall = "", utc] = match;
  const [year, month, day, hour, minute, second] = [0, 4, 6, 9, 11, 13].map((at, index) =>
    Number(wall.slice(at, index === 0 ? 4 : at + 2)),
  ) as [number, number, number, number, number, number];
  if (!utc && !timeZone) throw new Error(`${property} is floating (no TZID, no Z):\n${ics}`);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const at = new Date(utc ? asUtc : asUtc - offsetAt(ics, timeZone ?? "", wall) * 60_000);
  return { at, timeZone: utc ? null : (timeZone ?? null), wall };
}

/** The offset (minutes) the file's VTIMEZONE gives a wall time: the last observance begun by then. */
function offsetAt(ics: string, timeZone: string, wall: string): number {
  const block = ics.match(new RegExp(`BEGIN:VTIMEZONE\\r?\\nTZID:${timeZone}\\r?\\n([\\s\\S]*?)END:VTIMEZONE`))?.[1];
  if (!block) throw new Error(`no VTIMEZONE for ${timeZone}:\n${ics}`);
  let offset: number | null = null;
  for (const [, start = "", to = ""] of block.matchAll(
    /DTSTART:(\d{8}T\d{6})\r?\n(?:TZOFFSETFROM:[+-]\d{4}\r?\n)?TZOFFSETTO:([+-]\d{4})/g,
  )) {
    if (start > wall) break;
    offset = (to.startsWith("-") ? -1 : 1) * (Number(to.slice(1, 3)) * 60 + Number(to.slice(3, 5)));
  }
  if (offset === null) throw new Error(`VTIMEZONE ${timeZone} has no observance by ${wall}`);
  return offset;
}

export function icsTimes(ics: string): IcsTimes {
  if (ics.match(/BEGIN:VEVENT/g)?.length !== 1) throw new Error(`expected one VEVENT:\n${ics}`);
  const start = readTime(ics, "DTSTART");
  const end = readTime(ics, "DTEND");
  return { start: start.at, end: end.at, timeZone: start.timeZone, startWall: start.wall };
}
