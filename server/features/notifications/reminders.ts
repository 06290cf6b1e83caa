/**
 * Check-in reminders (docs/decisions/019). A sweep runs every minute and, for
 * each person whose reminder is due now (core/reminders.ts), enqueues one
 * `reminder` job keyed by (person, local day): the unique (name, key) of
 * `jobs` is what makes "at most one a day" hold across processes, retries
 * and restarts. The per-person job checks again when it runs (a check-in or
 * an unsubscribe in between wins) and sends at most once.
 */
import { type SQL, sql } from "drizzle-orm";
import { describeDays, REMINDER_ROUGH_WINDOW, REMINDER_WINDOW_MINUTES, reminderDueDay } from "#core/reminders.ts";
import { defaultNotificationPreferences, type NotificationPreferences } from "#core/schemas/me.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { enqueueJobs, type JobContext } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { reminderMail } from "#server/mail/templates.ts";
import { sendOnce } from "./send-once.ts";
import { unsubscribeUrls } from "./unsubscribe-links.ts";
import { type PushMessage, pushToUser, type VapidKeys } from "./web-push.ts";

type Candidate = {
  user_id: string;
  name: string;
  email: string;
  timezone: string;
  last_check_in_day: string | null;
  notification_preferences: Partial<NotificationPreferences>;
  by_email: boolean;
  by_push: boolean;
};

/**
 * People of a company with reminders on and a way to receive them: e-mail on, or push on with a
 * subscribed browser (docs/decisions/027). A missing preference is its default: on. With `dueNear`,
 * only those a reminder may be due for then (see `mayBeDueSql`).
 */
async function reminderCandidates(db: Db, only: { userId: string } | { dueNear: Date }): Promise<Candidate[]> {
  const dueNear = "dueNear" in only ? only.dueNear : null;
  return rowsOf<Candidate>(
    await db.execute(sql`
      ${dueNear ? zonesAt(dueNear) : sql``}
      SELECT * FROM (
        SELECT user_id, name, email, profiles.timezone, last_check_in_day::text AS last_check_in_day, notification_preferences,
          coalesce((notification_preferences->>'email')::boolean, true) AS by_email,
          coalesce((notification_preferences->>'push')::boolean, true)
            AND EXISTS (SELECT 1 FROM push_subscriptions WHERE push_subscriptions.user_id = profiles.user_id) AS by_push
        FROM profiles ${dueNear ? sql`JOIN zone ON zone.timezone = profiles.timezone` : sql``}
        WHERE company_id IS NOT NULL AND role IN ('user', 'manager')
          AND coalesce((notification_preferences->>'reminders')::boolean, true)
          AND ${"userId" in only ? sql`user_id = ${only.userId}` : mayBeDueSql}
      ) AS people WHERE by_email OR by_push`),
  );
}

/**
 * Each time zone's wall clock at `now` (`local`, its `day`) and whether that day is 24 hours long
 * (`regular`): worked out once per zone, not once per person.
 */
function zonesAt(now: Date): SQL {
  return sql`WITH zone AS MATERIALIZED (
    SELECT timezone, local, local::date AS day,
      ((local::date + 1)::timestamp AT TIME ZONE timezone) - (local::date::timestamp AT TIME ZONE timezone)
        = interval '24 hours' AS regular
    FROM (SELECT DISTINCT timezone FROM profiles) AS zones,
      LATERAL (SELECT ${now.toISOString()}::timestamptz AT TIME ZONE timezone AS local) AS clock
  )`;
}

/**
 * What the database can rule out before core's rule decides (reminderDueDay), with the zone of
 * `zonesAt`: a person whose reminder is not due now, on a day they did not choose, who checked in that
 * local day, or whose reminder of that day is enqueued already. On a 24-hour day the wall clock since
 * the chosen time is the time since it; on a day whose clock changes, only REMINDER_ROUGH_WINDOW is
 * ruled out and core's rule settles the rest. Without this the sweep read every person on the platform
 * each minute and enqueued each due one again each minute of their hour.
 */
const mayBeDueSql = (() => {
  const { reminderTime, reminderDays } = defaultNotificationPreferences;
  const since = sql`zone.local - (zone.day + coalesce(notification_preferences->>'reminderTime', ${reminderTime})::time)`;
  const minutes = (count: number) => sql`make_interval(mins => ${count})`;
  return sql`${since} >= CASE WHEN zone.regular THEN ${minutes(0)} ELSE ${minutes(REMINDER_ROUGH_WINDOW.from)} END
    AND ${since} < CASE WHEN zone.regular THEN ${minutes(REMINDER_WINDOW_MINUTES)} ELSE ${minutes(REMINDER_ROUGH_WINDOW.until)} END
    AND coalesce(notification_preferences->'reminderDays', ${JSON.stringify(reminderDays)}::jsonb)
      @> to_jsonb(extract(dow FROM zone.local)::int)
    AND (last_check_in_day IS NULL OR last_check_in_day < zone.day)
    AND NOT EXISTS (SELECT 1 FROM jobs
      WHERE jobs.name = 'reminder' AND jobs.key = profiles.user_id || '|' || to_char(zone.day, 'YYYY-MM-DD'))`;
})();

/** The reminder as a notification: no health data, like the e-mail. */
export const reminderPush: PushMessage = {
  title: "Hora do seu check-in",
  body: "Como você está hoje? Leva menos de um minuto.",
  url: "/check-ins",
  tag: "lembrete-checkin",
};

function dueDayOf(person: Candidate, now: Date) {
  return reminderDueDay(
    {
      preferences: { ...defaultNotificationPreferences, ...person.notification_preferences },
      timezone: person.timezone,
      lastCheckInDay: person.last_check_in_day,
    },
    now,
  );
}

/** The sweep: one `reminder` job per person and day, whoever enqueues it first; a batch per statement. */
export async function sweepReminders(db: Db, now: Date): Promise<{ enqueued: number }> {
  const candidates = await reminderCandidates(db, { dueNear: now });
  let enqueued = 0;
  for (let first = 0; first < candidates.length; first += SWEEP_BATCH) {
    const due = candidates.slice(first, first + SWEEP_BATCH).flatMap((person) => {
      const day = dueDayOf(person, now);
      return day
        ? [{ name: "reminder", key: `${person.user_id}|${day}`, runAt: now, payload: { userId: person.user_id, day } }]
        : [];
    });
    enqueued += await enqueueJobs(db, due);
  }
  return { enqueued };
}

/** People checked and enqueued per statement: the process answers requests between batches. */
const SWEEP_BATCH = 1000;

/** One person's reminder: still due for the same day when it runs, then sent at most once. */
export async function sendReminder(
  context: JobContext,
  deps: { mailer: Mailer; appUrl: string; unsubscribeKey: Buffer; vapid: VapidKeys },
): Promise<{ sent: boolean }> {
  const { db, now, job } = context;
  const { userId, day } = job.payload as { userId: string; day: string };
  const [person] = await reminderCandidates(db, { userId });
  if (!person || dueDayOf(person, now) !== day) return { sent: false };
  const preferences = { ...defaultNotificationPreferences, ...person.notification_preferences };
  return sendOnce(db, job, async () => {
    // The e-mail first: if it fails, the retry sends both; a push that fails is not retried (at most once).
    if (person.by_email) {
      await deps.mailer.send(
        reminderMail({
          to: person.email,
          name: person.name,
          schedule: `${describeDays(preferences.reminderDays)}, às ${preferences.reminderTime}`,
          checkInUrl: `${deps.appUrl}/check-ins`,
          unsubscribe: unsubscribeUrls(deps.appUrl, deps.unsubscribeKey, "lembretes", userId),
        }),
      );
    }
    if (person.by_push) await pushToUser(db, deps.vapid, userId, reminderPush);
  });
}
