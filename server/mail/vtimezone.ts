/**
 * The VTIMEZONE block an .ics needs for each TZID it uses (RFC 5545 §3.6.5: Outlook and some
 * phones refuse or misplace an event whose TZID has no definition). Written from the IANA data
 * the runtime has, as the observances in force from a year before the event to a year after it:
 * enough for the one event a Sereno .ics holds, with no rules to get wrong.
 */
import { tzOffset } from "@date-fns/tz/tzOffset";
import { tzScan } from "@date-fns/tz/tzScan";

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, "0")}${String(whole % 60).padStart(2, "0")}`;
}

/** The wall time of `at` in a zone `offset` minutes from UTC, as an .ics local date-time. */
function wallText(at: Date, offset: number): string {
  return new Date(at.getTime() + offset * 60_000).toISOString().replace(/[-:]/g, "").slice(0, 15);
}

export function vtimezone(timeZone: string, around: Date): string {
  const from = new Date(around.getTime() - YEAR_MS);
  const changes = tzScan(timeZone, { start: from, end: new Date(around.getTime() + YEAR_MS) });
  const first = tzOffset(timeZone, from);
  // The smaller offset of the period is standard time, the larger one daylight time.
  const standard = Math.min(first, ...changes.map((change) => change.offset));
  const observances = [{ at: new Date(Date.UTC(1970, 0, 1) - first * 60_000), from: first, to: first }];
  let previous = first;
  for (const change of changes) {
    observances.push({ at: change.date, from: previous, to: change.offset });
    previous = change.offset;
  }
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  for (const observance of observances) {
    const kind = observance.to > standard ? "DAYLIGHT" : "STANDARD";
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${wallText(observance.at, observance.from)}`,
      `TZOFFSETFROM:${offsetText(observance.from)}`,
      `TZOFFSETTO:${offsetText(observance.to)}`,
      `END:${kind}`,
    );
  }
  lines.push("END:VTIMEZONE");
  return lines.join("\r\n");
}
