/** The NR-1 module's jobs (docs/decisions/026): app.ts lists them with every feature's. */
import type { Env } from "#server/env.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { RISK_REMINDER_JOB, sendCampaignReminders } from "./campaign-reminders.ts";
import { closeDueCampaigns } from "./close-due-campaigns.ts";
import { flushParkedResponses } from "./flush-parked-responses.ts";
import { purgeExpiredInventoryVersions } from "./purge-inventory-versions.ts";

export function riskJobs({
  env,
  mailer,
}: {
  env: Pick<Env, "TZ_DEFAULT" | "PRIVACY_MIN_GROUP" | "APP_URL">;
  mailer: Mailer;
}): JobDefinition[] {
  return [
    {
      // A manager's 'Lembrar quem não respondeu': the mails, off the request (docs/decisions/059).
      name: RISK_REMINDER_JOB,
      label: "Pesquisas psicossociais: lembrete a quem não respondeu",
      run: (context) => sendCampaignReminders(context, { mailer, appUrl: env.APP_URL }),
    },
    {
      // Hourly: NR-1 campaigns past their last day stop taking answers (docs/decisions/026).
      name: "risk-campaigns-close",
      label: "Encerramento das pesquisas psicossociais vencidas",
      every: { minutes: 60 },
      canRunNow: true,
      run: async ({ db, now }) => {
        const closed = await closeDueCampaigns(db, now);
        const flushed = await flushParkedResponses(db, { minGroup: env.PRIVACY_MIN_GROUP });
        return { ...closed, ...flushed };
      },
    },
    {
      // Every 10 minutes: parked NR-1 answers join the results in batches of at least k (docs/decisions/026).
      name: "risk-responses-flush",
      label: "Pesquisas psicossociais: respostas entram nos resultados em lotes",
      every: { minutes: 10 },
      canRunNow: true,
      run: ({ db }) => flushParkedResponses(db, { minGroup: env.PRIVACY_MIN_GROUP }),
    },
    {
      // Daily: NR-1 inventory versions past their 20 years of retention are deleted (docs/decisions/026).
      name: "risk-inventory-retention",
      label: "Exclusão dos inventários NR-1 após 20 anos",
      daily: { hour: 4, timeZone: env.TZ_DEFAULT },
      canRunNow: true,
      run: ({ db, now }) => purgeExpiredInventoryVersions(db, { now, timeZone: env.TZ_DEFAULT }),
    },
  ];
}
