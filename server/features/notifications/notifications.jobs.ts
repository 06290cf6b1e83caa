/** Check-in reminders' jobs (docs/decisions/019, 027): app.ts lists them with every feature's. */
import type { Env } from "#server/env.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { sendReminder, sweepReminders } from "./reminders.ts";
import type { VapidKeys } from "./web-push.ts";

export function notificationJobs({
  env,
  mailer,
  unsubscribeKey,
  vapid,
}: {
  env: Pick<Env, "APP_URL">;
  mailer: Mailer;
  /** Signs the unsubscribe links of reminders (docs/decisions/019). */
  unsubscribeKey: Buffer;
  /** Signs the Web Push reminders (docs/decisions/027). */
  vapid: VapidKeys;
}): JobDefinition[] {
  return [
    {
      // Every minute: who is due a check-in reminder now (docs/decisions/019).
      name: "reminders",
      label: "Lembretes de check-in: quem deve receber agora",
      every: { minutes: 1 },
      canRunNow: true,
      run: ({ db, now }) => sweepReminders(db, now),
    },
    {
      // One person's reminder of one day, keyed `user|day`: at most one a day.
      name: "reminder",
      label: "Lembrete de check-in de uma pessoa",
      run: (context) => sendReminder(context, { mailer, appUrl: env.APP_URL, unsubscribeKey, vapid }),
    },
    {
      // Enqueued by a chat channel's job that gave up on an outage, keyed `user|day` like the reminder.
      name: "reminder-fallback",
      label: "Lembrete de check-in pelo app ou e-mail quando o Teams ou o WhatsApp está fora do ar",
      followsPeople: true,
      run: (context) =>
        sendReminder(context, { mailer, appUrl: env.APP_URL, unsubscribeKey, vapid }, { skipChat: true }),
    },
  ];
}
