/** The managers' weekly digest and the daily publication of figures (docs/decisions/014, 019): app.ts lists them with every feature's. */
import type { Env } from "#server/env.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { publishClosedDays } from "./publish-closed-days.ts";
import { sendDigest, sweepDigests } from "./weekly-digest.ts";

export function reportJobs({
  env,
  mailer,
  unsubscribeKey,
  privacyKey,
}: {
  env: Pick<Env, "APP_URL" | "TZ_DEFAULT" | "PRIVACY_MIN_GROUP">;
  mailer: Mailer;
  /** Signs the unsubscribe links of digests (server/features/notifications). */
  unsubscribeKey: Buffer;
  /** Keys the published mood figures the digest reads (docs/decisions/014). */
  privacyKey: Buffer;
}): JobDefinition[] {
  return [
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
      name: "publish-closed-days",
      label: "Publicação dos dias encerrados",
      daily: { hour: 0, timeZone: env.TZ_DEFAULT },
      canRunNow: true,
      run: ({ db, now }) => publishClosedDays(db, privacyKey, now, env.PRIVACY_MIN_GROUP),
    },
  ];
}
