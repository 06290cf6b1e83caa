/**
 * Check-in reminders (docs/decisions/019). A sweep runs every minute and, for
 * each person whose reminder is due now (core/reminders.ts), enqueues one
 * `reminder` job keyed by (person, local day): the unique (name, key) of
 * `jobs` is what makes "at most one a day" hold across processes, retries
 * and restarts. The per-person job checks again when it runs (a check-in or
 * an unsubscribe in between wins) and sends at most once.
 */
import { sql } from "drizzle-orm";
import { describeDays, reminderDueDay } from "#core/reminders.ts";
import { defaultNotificationPreferences, type NotificationPreferences } from "#core/schemas/me.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { enqueueJob, type JobContext } from "#server/jobs/runner.ts";
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
 * subscribed browser (docs/decisions/027). A missing preference is its default: on.
 */
async function reminderCandidates(db: Db, userId?: string): Promise<Candidate[]> {
  return rowsOf<Candidate>(
    await db.execute(sql`
      SELECT * FROM (
        SELECT user_id, name, email, timezone, last_check_in_day::text AS last_check_in_day, notification_preferences,
          coalesce((notification_preferences->>'email')::boolean, true) AS by_email,
          coalesce((notification_preferences->>'push')::boolean, true)
            AND EXISTS (SELECT 1 FROM push_subscriptions WHERE push_subscriptions.user_id = profiles.user_id) AS by_push
        FROM profiles
        WHERE company_id IS NOT NULL AND role IN ('user', 'manager')
          AND coalesce((notification_preferences->>'reminders')::boolean, true)
          ${userId ? sql`AND user_id = ${userId}` : sql``}
      ) AS people WHERE by_email OR by_push`),
  );
}

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

/** The sweep: one `reminder` job per person and day, whoever enqueues it first. */
export async function sweepReminders(db: Db, now: Date): Promise<{ enqueued: number }> {
  let enqueued = 0;
  for (const person of await reminderCandidates(db)) {
    const day = dueDayOf(person, now);
    if (!day) continue;
    const isNew = await enqueueJob(db, {
      name: "reminder",
      key: `${person.user_id}|${day}`,
      runAt: now,
      payload: { userId: person.user_id, day },
    });
    if (isNew) enqueued += 1;
  }
  return { enqueued };
}

/** One person's reminder: still due for the same day when it runs, then sent at most once. */
export async function sendReminder(
  context: JobContext,
  deps: { mailer: Mailer; appUrl: string; unsubscribeKey: Buffer; vapid: VapidKeys },
): Promise<{ sent: boolean }> {
  const { db, now, job } = context;
  const { userId, day } = job.payload as { userId: string; day: string };
  const [person] = await reminderCandidates(db, userId);
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
