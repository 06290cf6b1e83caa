/**
 * A wall-clock time in a time zone, as an instant (docs/decisions/029): the one
 * place Sereno turns "03:00 in New York on 8 March" into a Date. The zone's
 * offsets come from @date-fns/tz; the rule for the two daylight-saving days is
 * ours. Kept apart from dates.ts so the screens that only read days (the
 * dashboard) do not load the zone library.
 */
// The offset function alone: the package root also brings TZDate, which the web screens do not need.
import { tzOffset } from "@date-fns/tz/tzOffset";
import type { IsoDay } from "./dates.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The instant of `hour`:`minute` on `day` in `timeZone`. A wall time the
 * spring-forward skips (02:30 in New York on 8 March 2026) is the first
 * instant after the gap (03:00); one the fall-back repeats (01:30 on
 * 1 November 2026) is its first occurrence (daylight time), as RFC 5545 reads it.
 */
export function zonedInstant(day: IsoDay, hour: number, timeZone: string, minute = 0): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + (hour * 60 + minute) * MINUTE;
  // The offsets in force a day before and a day after: they differ only around a change.
  const before = tzOffset(timeZone, new Date(wall - DAY));
  const after = tzOffset(timeZone, new Date(wall + DAY));
  const fits = (offset: number) => tzOffset(timeZone, new Date(wall - offset * MINUTE)) === offset;
  if (fits(before)) return new Date(wall - before * MINUTE);
  if (fits(after)) return new Date(wall - after * MINUTE);
  // In the gap: the change happens between these two instants, on a whole minute; find it.
  let early = wall - after * MINUTE;
  let late = wall - before * MINUTE;
  while (late - early > MINUTE) {
    const middle = early + Math.floor((late - early) / 2 / MINUTE) * MINUTE;
    if (tzOffset(timeZone, new Date(middle)) === before) early = middle;
    else late = middle;
  }
  return new Date(late);
}
