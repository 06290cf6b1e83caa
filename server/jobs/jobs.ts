/** The product's jobs: add one here (a name, an idempotent handler, and `daily` or `every` when it recurs). */
import path from "node:path";
import type { Env } from "#server/env.ts";
import { sendCarePausedMail, sendCareReminder } from "#server/features/care/care-notify.ts";
import { grantCycleCredits } from "#server/features/care/cycle-grants.ts";
import { sendVerificationWarning, sweepVerifications } from "#server/features/care/verification-warning.ts";
import { sendSessionMail, sweepSessionReminders } from "#server/features/group-sessions/session-mails.ts";
import { sendInviteMail } from "#server/features/invites/invite-mail.ts";
import { INVITE_MAIL_JOB } from "#server/features/invites/invites.ts";
import { sendReminder, sweepReminders } from "#server/features/notifications/reminders.ts";
import type { VapidKeys } from "#server/features/notifications/web-push.ts";
import { publishClosedDays } from "#server/features/reports/publish-closed-days.ts";
import { sendDigest, sweepDigests } from "#server/features/reports/weekly-digest.ts";
import { closeDueCampaigns } from "#server/features/risks/close-due-campaigns.ts";
import { flushParkedResponses } from "#server/features/risks/flush-parked-responses.ts";
import { purgeExpiredInventoryVersions } from "#server/features/risks/purge-inventory-versions.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { runRetention } from "./retention.ts";
import type { JobDefinition } from "./runner.ts";

export type JobDeps = {
  env: Pick<Env, "APP_URL" | "DATA_DIR" | "NOTES_RETENTION_DAYS" | "TZ_DEFAULT" | "PRIVACY_MIN_GROUP">;
  mailer: Mailer;
  /** Signs the unsubscribe links of reminders and digests (server/features/notifications). */
  unsubscribeKey: Buffer;
  /** Keys the published mood figures the digest reads (docs/decisions/014). */
  privacyKey: Buffer;
  /** Signs the Web Push reminders (docs/decisions/027). */
  vapid: VapidKeys;
};

export function productJobs({ env, mailer, unsubscribeKey, privacyKey, vapid }: JobDeps): JobDefinition[] {
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
      run: (context) => sendReminder(context, { mailer, appUrl: env.APP_URL, unsubscribeKey, vapid }),
    },
    {
      // Hourly: managers whose Monday 08:00 has come get last week's digest (docs/decisions/019).
      name: "weekly-digest",
      label: "Resumo semanal dos gestores: quem deve receber agora",
      every: { minutes: 60 },
      canRunNow: true,
      run: ({ db, now }) => sweepDigests(db, now),
    },
    {
      // One manager's digest of one week, keyed `user|monday`: at most one a week.
      name: "digest",
      label: "Resumo semanal de um gestor",
      run: (context) =>
        sendDigest(context, {
          mailer,
          appUrl: env.APP_URL,
          unsubscribeKey,
          privacyKey,
          minGroup: env.PRIVACY_MIN_GROUP,
        }),
    },
    {
      // Every 5 minutes: group session reminders 24 h and 1 h before (docs/decisions/024).
      name: "group-session-reminders",
      label: "Lembretes das sessões em grupo: quem deve receber agora",
      every: { minutes: 5 },
      canRunNow: true,
      run: ({ db, now }) => sweepSessionReminders(db, now),
    },
    {
      // One group session e-mail (reminder, cancellation, place confirmed) to one person, keyed to go once.
      name: "group-session-mail",
      label: "E-mail de uma sessão em grupo",
      run: (context) => sendSessionMail(context, { mailer, appUrl: env.APP_URL }),
    },
    {
      // One appointment's reminder, 24 h or 1 h before, enqueued with the booking (docs/decisions/025).
      name: "care-reminder",
      label: "Lembrete de um compromisso de apoio psicológico",
      run: (context) => sendCareReminder(context, { mailer, appUrl: env.APP_URL }),
    },
    {
      // One member's notice that booking is paused after three no-shows, enqueued by the pause (docs/decisions/025).
      name: "care-paused",
      label: "Aviso de agendamento pausado por faltas",
      run: (context) => sendCarePausedMail(context, { mailer, appUrl: env.APP_URL }),
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
    {
      name: "publish-closed-days",
      label: "Publicação dos dias encerrados",
      daily: { hour: 0, timeZone: env.TZ_DEFAULT },
      canRunNow: true,
      run: ({ db, now }) => publishClosedDays(db, privacyKey, now, env.PRIVACY_MIN_GROUP),
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
    {
      // One invitation's e-mail, keyed by the invite, enqueued with it; its token is made when it sends (docs/decisions/009).
      name: INVITE_MAIL_JOB,
      label: "E-mail de um convite",
      run: (context) => sendInviteMail(context, { mailer, appUrl: env.APP_URL }),
    },
  ];
}
