/**
 * Check-in reminders (docs/decisions/019). A sweep runs every minute and, for
 * each person whose reminder is due now (core/reminders.ts), enqueues one
 * `reminder` job keyed by (person, local day): the unique (name, key) of
 * `jobs` is what makes "at most one a day" hold across processes, retries
 * and restarts. The per-person job checks again when it runs (a check-in or
 * an unsubscribe in between wins) and sends at most once.
 */
import { sql } from "drizzle-orm";
import { addDays, type IsoDay } from "#core/dates.ts";
import {
  describeDays,
  localClock,
  REMINDER_ROUGH_WINDOW,
  REMINDER_WINDOW_MINUTES,
  reminderDueDay,
} from "#core/reminders.ts";
import { defaultNotificationPreferences, type NotificationPreferences } from "#core/schemas/me.ts";
import { zonedInstant } from "#core/zoned-time.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { enqueueJob, enqueueJobs, type JobContext } from "#server/jobs/runner.ts";
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
  /** A confirmed number and the switch on (docs/decisions/092). */
  by_whatsapp: boolean;
  /** A bound Teams chat, opted in, and the company's bot connected (docs/decisions/095). */
  by_msteams: boolean;
  working_days: number[];
};

/**
 * People of a company with reminders on and a way to receive them: e-mail on, push on with a
 * subscribed browser (docs/decisions/027), WhatsApp on with a confirmed number (092), or Teams opted in with a bound
 * chat (095). A missing preference is its default: on. With `clocks`,
 * only those a reminder may be due for then (see `mayBeDueSql`).
 */
async function reminderCandidates(db: Db, only: { userId: string } | { clocks: ZoneClock[] }): Promise<Candidate[]> {
  const whose =
    "clocks" in only
      ? sql`JOIN jsonb_to_recordset(${JSON.stringify(only.clocks)}::jsonb)
          AS zone(timezone text, day date, weekday int, minute int, regular boolean) ON zone.timezone = profiles.timezone
        WHERE ${mayBeDueSql}`
      : sql`WHERE user_id = ${only.userId}`;
  return rowsOf<Candidate>(
    await db.execute(sql`
      SELECT * FROM (
        SELECT user_id, name, email, profiles.timezone, last_check_in_day::text AS last_check_in_day, notification_preferences,
          coalesce((notification_preferences->>'email')::boolean, true) AS by_email,
          coalesce((notification_preferences->>'push')::boolean, true)
            AND EXISTS (SELECT 1 FROM push_subscriptions WHERE push_subscriptions.user_id = profiles.user_id) AS by_push,
          coalesce((notification_preferences->>'whatsapp')::boolean, false)
            AND EXISTS (SELECT 1 FROM whatsapp_numbers w JOIN whatsapp_connections c ON c.company_id = w.company_id
              WHERE w.user_id = profiles.user_id AND w.company_id = profiles.company_id AND w.status = 'confirmed') AS by_whatsapp,
          EXISTS (SELECT 1 FROM msteams_accounts a JOIN msteams_connections c ON c.company_id = a.company_id
              WHERE a.user_id = profiles.user_id AND a.company_id = profiles.company_id AND a.opted_in) AS by_msteams,
          (SELECT working_days FROM companies WHERE companies.id = profiles.company_id) AS working_days
        FROM profiles ${whose}
          AND company_id IS NOT NULL AND role IN ('user', 'manager')
          AND coalesce((notification_preferences->>'reminders')::boolean, true)
      ) AS people WHERE by_email OR by_push OR by_whatsapp OR by_msteams`),
  );
}

/** A time zone's wall clock at the sweep's instant, and whether its day is 24 hours long. */
type ZoneClock = { timezone: string; day: IsoDay; weekday: number; minute: number; regular: boolean };

/** The wall clock of every zone people live in, by core's own reckoning (Intl's time zones, not the database's). */
async function zoneClocks(db: Db, now: Date): Promise<ZoneClock[]> {
  const zones = rowsOf<{ timezone: string }>(await db.execute(sql`SELECT DISTINCT timezone FROM profiles`));
  return zones.map(({ timezone }) => {
    const { day, weekday, minute } = localClock(now, timezone);
    const length = zonedInstant(addDays(day, 1), 0, timezone).getTime() - zonedInstant(day, 0, timezone).getTime();
    return { timezone, day, weekday, minute, regular: length === 24 * 60 * 60_000 };
  });
}

/**
 * What the database can rule out before core's rule decides (reminderDueDay), with the person's
 * zone clock: a reminder not due now, on a day they did not choose, a check-in already made that
 * local day, or that day's reminder enqueued already. On a 24-hour day the wall clock since the
 * chosen time is the time since it; on a day whose clock changes, only what is outside
 * REMINDER_ROUGH_WINDOW is ruled out, and core's rule settles the rest. Without this the sweep read
 * every person on the platform each minute and enqueued each due one again each minute of their hour.
 */
const mayBeDueSql = (() => {
  const { reminderTime, reminderDays } = defaultNotificationPreferences;
  const chosen = sql`coalesce(notification_preferences->>'reminderTime', ${reminderTime})`;
  const since = sql`(zone.minute - (split_part(${chosen}, ':', 1)::int * 60 + split_part(${chosen}, ':', 2)::int))`;
  return sql`${since} >= CASE WHEN zone.regular THEN 0 ELSE ${REMINDER_ROUGH_WINDOW.from}::int END
    AND ${since} < CASE WHEN zone.regular THEN ${REMINDER_WINDOW_MINUTES}::int ELSE ${REMINDER_ROUGH_WINDOW.until}::int END
    AND coalesce(notification_preferences->'reminderDays', ${JSON.stringify(reminderDays)}::jsonb) @> to_jsonb(zone.weekday)
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
      workingDays: person.working_days,
    },
    now,
  );
}

/** The sweep: one `reminder` job per person and day, whoever enqueues it first; a batch per statement. */
export async function sweepReminders(db: Db, now: Date): Promise<{ enqueued: number }> {
  const candidates = await reminderCandidates(db, { clocks: await zoneClocks(db, now) });
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

/** Whether `userId`'s reminder of `day` is still due at `now`: the WhatsApp job asks again before each try. */
export async function isReminderStillDue(db: Db, userId: string, day: string, now: Date): Promise<boolean> {
  const [person] = await reminderCandidates(db, { userId });
  return Boolean(person && dueDayOf(person, now) === day);
}

/** How many tries a chat channel gets before the day's reminder goes by app notification or e-mail: about 3,5 min. */
const CHAT_REMINDER_TRIES = 4;

/**
 * One person's reminder: still due for the same day when it runs, then sent at most once. `skipChat`: the
 * chat channel's job gave up on an outage, so the app notification or the e-mail carries it (decision 096).
 */
export async function sendReminder(
  context: JobContext,
  deps: { mailer: Mailer; appUrl: string; unsubscribeKey: Buffer; vapid: VapidKeys },
  { skipChat = false } = {},
): Promise<{ sent: boolean }> {
  const { db, now, job } = context;
  const { userId, day } = job.payload as { userId: string; day: string };
  const [person] = await reminderCandidates(db, { userId });
  if (!person || dueDayOf(person, now) !== day) return { sent: false };
  // One reminder a day, on ONE channel (docs/decisions/096): the first the person can be reached by, in the
  // order Teams, WhatsApp, app notification, e-mail. A chat channel has a job of its own that the runner
  // retries with back-off when the provider is out, then hands back to `reminder-fallback`.
  const chat = skipChat ? null : chatChannelOf(person);
  if (chat) {
    await enqueueJob(db, {
      name: chat,
      key: job.key,
      runAt: now,
      payload: { userId, day },
      maxAttempts: CHAT_REMINDER_TRIES,
    });
    return { sent: true };
  }
  // Reached by a chat channel only, and it is out: nothing else to send by.
  if (!person.by_push && !person.by_email) return { sent: false };
  const preferences = { ...defaultNotificationPreferences, ...person.notification_preferences };
  return sendOnce(db, job, async () => {
    // The app notification when a browser takes it; else (none subscribed, all gone or refused) the e-mail.
    // An e-mail that fails is retried with back-off; the retry tries the notification first again.
    if (person.by_push && (await pushToUser(db, deps.vapid, userId, reminderPush)).delivered > 0) return;
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
  });
}

/**
 * A chat channel's reminder (the `msteams-reminder` and `whatsapp-reminder` jobs, queued with CHAT_REMINDER_TRIES
 * attempts): sent at most once; an outage throws for the runner's back-off. The last try hands the reminder to
 * `reminder-fallback`, which sends it by app notification or e-mail if it is still due, and still throws, so the
 * runner marks the chat job failed and Administração's job health shows the outage (docs/decisions/096).
 */
export async function sendChatReminder(context: JobContext, send: () => Promise<void>): Promise<{ sent: boolean }> {
  const { db, now, job } = context;
  try {
    return await sendOnce(db, job, send);
  } catch (error) {
    if (job.attempts >= job.max_attempts) {
      await enqueueJob(db, { name: "reminder-fallback", key: job.key, runAt: now, payload: chatPayloadOf(job) });
    }
    throw error;
  }
}

function chatPayloadOf(job: JobContext["job"]) {
  const { userId, day } = job.payload as { userId: string; day: string };
  return { userId, day };
}

/** The chat channel that carries the day's reminder, if the person chose one (docs/decisions/096). */
function chatChannelOf(person: Candidate): "msteams-reminder" | "whatsapp-reminder" | null {
  if (person.by_msteams) return "msteams-reminder";
  if (person.by_whatsapp) return "whatsapp-reminder";
  return null;
}
