/** The Canal de escuta's jobs (docs/decisions/049, 052): app.ts lists them with every feature's. */
import type { Env } from "#server/env.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { Storage } from "#server/storage/storage.ts";
import { dayOfRun, sendHandlerNotices } from "./handler-notices.ts";
import { purgeClosedCases } from "./purge-closed-cases.ts";

export function listeningJobs({
  env,
  mailer,
  storage,
}: {
  env: Pick<Env, "TZ_DEFAULT" | "APP_URL">;
  mailer: Mailer;
  storage: Storage;
}): JobDefinition[] {
  return [
    {
      name: "listening-retention",
      label: "Exclusão dos casos do canal de escuta encerrados há mais tempo que a guarda",
      daily: { hour: 4, timeZone: env.TZ_DEFAULT },
      canRunNow: true,
      run: ({ db, now }) => purgeClosedCases(db, { now, timeZone: env.TZ_DEFAULT, storage }),
    },
    {
      name: "listening-notices",
      label: "Aviso aos responsáveis do canal de escuta sobre novidades do dia anterior",
      // Not run on demand: a second run the same day would send the same notice again.
      daily: { hour: 8, timeZone: env.TZ_DEFAULT },
      run: ({ db, now, job }) =>
        sendHandlerNotices(db, { day: dayOfRun(job.key, now, env.TZ_DEFAULT), mailer, appUrl: env.APP_URL }),
    },
  ];
}
