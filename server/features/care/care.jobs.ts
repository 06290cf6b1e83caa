/** Care's reminders, notices and credits (docs/decisions/025): app.ts lists these jobs with every feature's. */
import type { Env } from "#server/env.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { sendCarePausedMail, sendCareReminder } from "./care-notify.ts";
import { grantCycleCredits } from "./cycle-grants.ts";
import { sendSafetyAlertMail } from "./safety-alert.ts";
import { escalateSafetyAlert, SAFETY_ESCALATION_JOB } from "./safety-escalation.ts";
import { sendVerificationWarning, sweepVerifications } from "./verification-warning.ts";

export function careJobs({
  env,
  mailer,
}: {
  env: Pick<Env, "APP_URL" | "TZ_DEFAULT">;
  mailer: Mailer;
}): JobDefinition[] {
  return [
    {
      // One appointment's reminder, 24 h or 1 h before, enqueued with the booking (docs/decisions/025).
      name: "care-reminder",
      label: "Lembrete de um compromisso de apoio psicológico",
      followsPeople: true,
      run: (context) => sendCareReminder(context, { mailer, appUrl: env.APP_URL }),
    },
    {
      // One member's notice that booking is paused after three no-shows, enqueued by the pause (docs/decisions/025).
      name: "care-paused",
      label: "Aviso de agendamento pausado por faltas",
      followsPeople: true,
      run: (context) => sendCarePausedMail(context, { mailer, appUrl: env.APP_URL }),
    },
    {
      // A psychologist's neutral e-mail about an alert in their agenda, enqueued with the answer (docs/decisions/080).
      name: "care-safety-alert",
      label: "Aviso ao(à) psicólogo(a): alerta na agenda",
      followsPeople: true,
      run: (context) => sendSafetyAlertMail(context, { mailer, appUrl: env.APP_URL }),
    },
    {
      // An alert still unacknowledged SAFETY_ESCALATION_HOURS after the answer, to the admins (docs/decisions/102).
      name: SAFETY_ESCALATION_JOB,
      label: "Alerta na agenda sem confirmação: aviso à coordenação clínica",
      followsPeople: true,
      run: (context) => escalateSafetyAlert(context, { mailer, appUrl: env.APP_URL }),
    },
    {
      // Daily, just after midnight: every member's credits of the cycle under way, and last cycle's leftovers expired (docs/decisions/025).
      name: "care-credit-grants",
      label: "Créditos de apoio psicológico do ciclo para cada pessoa",
      daily: { hour: 0, timeZone: env.TZ_DEFAULT },
      canRunNow: true,
      run: ({ db, now }) => grantCycleCredits(db, now),
    },
    {
      name: "verification-sweep",
      label: "Verificações de psicólogos perto de vencer",
      daily: { hour: 8, timeZone: env.TZ_DEFAULT },
      canRunNow: true,
      run: ({ db, now }) => sweepVerifications(db, now),
    },
    {
      name: "verification-warning",
      label: "Aviso aos administradores: verificação perto de vencer",
      run: (context) => sendVerificationWarning(context, { mailer, appUrl: env.APP_URL }),
    },
  ];
}
