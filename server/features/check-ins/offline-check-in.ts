/**
 * The moment a check-in counts for. A check-in made offline carries `madeAt`
 * (docs/decisions/027): it is recorded at that instant, for the member's local
 * day of it, if it arrives within 24 h; a clock a few minutes ahead is allowed.
 */
import { type IsoDay, localDay } from "#core/dates.ts";
import { serverMessages } from "#core/server-messages.ts";
import { AppError } from "#server/errors.ts";

const OFFLINE_CHECK_IN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A phone's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export function checkInMoment(
  madeAt: string | undefined,
  now: Date,
  timeZone: string,
): { at: Date; day: IsoDay; isOffline: boolean } {
  if (!madeAt) return { at: now, day: localDay(now, timeZone), isOffline: false };
  const made = new Date(madeAt);
  const age = now.getTime() - made.getTime();
  if (age < -CLOCK_SKEW_MS)
    throw new AppError("CHECKIN_TOO_LATE", serverMessages.checkInMadeAtFuture, { field: "madeAt" });
  if (age > OFFLINE_CHECK_IN_MAX_AGE_MS) {
    throw new AppError("CHECKIN_TOO_LATE", serverMessages.checkInMadeAtTooOld, { field: "madeAt" });
  }
  // A few minutes ahead: recorded now, never on a day that has not begun for the server.
  const at = age < 0 ? now : made;
  return { at, day: localDay(at, timeZone), isOffline: true };
}
