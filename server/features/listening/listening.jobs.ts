/** The Canal de escuta's job (docs/decisions/049): app.ts lists it with every feature's. */
import type { Env } from "#server/env.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import { purgeClosedCases } from "./purge-closed-cases.ts";

export function listeningJobs({ env }: { env: Pick<Env, "TZ_DEFAULT"> }): JobDefinition[] {
  return [
    {
      name: "listening-retention",
      label: "Exclusão dos casos do canal de escuta encerrados há mais tempo que a guarda",
      daily: { hour: 4, timeZone: env.TZ_DEFAULT },
      canRunNow: true,
      run: ({ db, now }) => purgeClosedCases(db, { now, timeZone: env.TZ_DEFAULT }),
    },
  ];
}
