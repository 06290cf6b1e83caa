/** Group sessions' jobs (docs/decisions/024): app.ts lists these jobs with every feature's. */
import type { Env } from "#server/env.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { drawPlaces } from "./registrations.ts";
import { sendSessionMail, sweepSessionReminders } from "./session-mails.ts";

export function groupSessionJobs({
  env,
  mailer,
  privacyKey,
}: {
  env: Pick<Env, "APP_URL">;
  mailer: Mailer;
  privacyKey: Buffer;
}): JobDefinition[] {
  return [
    {
      // Every 5 minutes: group session reminders 24 h and 1 h before (docs/decisions/024).
      name: "group-session-reminders",
      label: "Lembretes das sessões em grupo: quem deve receber agora",
      every: { minutes: 5 },
      canRunNow: true,
      run: ({ db, now }) => sweepSessionReminders(db, now),
    },
    {
      // Every 5 minutes: the draw of each support group whose registration has closed ("Places by draw").
      name: "group-session-draws",
      label: "Sorteio das vagas dos grupos de apoio com inscrições encerradas",
      every: { minutes: 5 },
      canRunNow: true,
      run: ({ db, now }) => drawPlaces(db, privacyKey, now),
    },
    {
      // One group session e-mail (reminder, cancellation, place confirmed, draw outcome) to one person, keyed to go once.
      name: "group-session-mail",
      label: "E-mail de uma sessão em grupo",
      run: (context) => sendSessionMail(context, { mailer, appUrl: env.APP_URL }),
    },
  ];
}
