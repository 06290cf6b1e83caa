/** The managers' weekly digest and the publication of closed days (docs/decisions/014, 019): app.ts lists them with every feature's. */
import { randomUUID } from "node:crypto";
import type { Env } from "#server/env.ts";
import { enqueueJob, type JobBell, type JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { PUBLISH_JOB, publishClosedDays } from "./publish-closed-days.ts";
import { sendDigest, sweepDigests } from "./weekly-digest.ts";

export function reportJobs({
  env,
  mailer,
  unsubscribeKey,
  privacyKey,
  jobBell,
}: {
  env: Pick<Env, "APP_URL" | "TZ_DEFAULT" | "PRIVACY_MIN_GROUP" | "DRILL_PUBLISH_PAUSE_MS">;
  mailer: Mailer;
  /** Signs the unsubscribe links of digests (server/features/notifications). */
  unsubscribeKey: Buffer;
  /** Keys the published mood figures the digest reads (docs/decisions/014). */
  privacyKey: Buffer;
  /** Rung when publishing has more to do, so the runner goes on without waiting for its next poll. */
  jobBell?: JobBell;
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
      // Every 15 minutes, so each company's day is published soon after it closes in its own time zone;
      // a reader who finds days missing enqueues a run for its company due now (reports.routes.ts).
      name: PUBLISH_JOB,
      label: "Publicação dos dias encerrados",
      every: { minutes: 15 },
      canRunNow: true,
      run: async ({ db, now, job }) => {
        const companyId = typeof job.payload?.companyId === "string" ? job.payload.companyId : undefined;
        const result = await publishClosedDays(db, privacyKey, now, env.PRIVACY_MIN_GROUP, {
          companyId,
          sweepMonths: !job.key.startsWith("more:"),
          piecePauseMs: env.DRILL_PUBLISH_PAUSE_MS,
        });
        if (!result.isDone) {
          // The rest in a run of its own: other due jobs take their turn in between, and a lease never
          // covers more than one budget of work.
          await enqueueJob(db, {
            name: PUBLISH_JOB,
            key: `more:${randomUUID()}`,
            runAt: new Date(now.getTime() + 1),
            payload: companyId ? { companyId } : undefined,
          });
          jobBell?.ring();
        }
        return result;
      },
    },
  ];
}
