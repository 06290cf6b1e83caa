/** The product's jobs: add one here (a name, an idempotent handler, and `daily` or `every` when it recurs). */
import path from "node:path";
import type { Env } from "#server/env.ts";
import { sendReminder, sweepReminders } from "#server/features/notifications/reminders.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { runRetention } from "./retention.ts";
import type { JobDefinition } from "./runner.ts";

export type JobDeps = {
  env: Pick<Env, "APP_URL" | "DATA_DIR" | "NOTES_RETENTION_DAYS" | "TZ_DEFAULT">;
  mailer: Mailer;
  /** Signs the unsubscribe links of reminders and digests (server/features/notifications). */
  unsubscribeKey: Buffer;
};

export function productJobs({ env, mailer, unsubscribeKey }: JobDeps): JobDefinition[] {
  return [
    {
      name: "retention",
      label: "Retenção de dados",
      daily: { hour: 3, timeZone: env.TZ_DEFAULT },
      canRunNow: true,
      run: ({ db, now }) =>
        runRetention(db, {
          now,
          notesRetentionDays: env.NOTES_RETENTION_DAYS,
          outboxDir: path.join(env.DATA_DIR, "outbox"),
        }),
    },
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
      run: (context) => sendReminder(context, { mailer, appUrl: env.APP_URL, unsubscribeKey }),
    },
  ];
}
