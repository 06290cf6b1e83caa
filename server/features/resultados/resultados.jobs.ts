/** Publishing Resultados (docs/decisions/041, 088): app.ts lists this job with every feature's. */
import type { Env } from "#server/env.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import { PUBLISH_RESULTADOS_JOB, publishResultados } from "./publish-resultados.ts";

export function resultadosJobs({
  env,
  privacyKey,
}: {
  env: Pick<Env, "PRIVACY_MIN_GROUP">;
  privacyKey: Buffer;
}): JobDefinition[] {
  return [
    {
      // Nightly, after every company's day has closed: releases each month and quarter that closed since.
      name: PUBLISH_RESULTADOS_JOB,
      label: "Publicação dos Resultados (meses e trimestres encerrados)",
      daily: { hour: 3, timeZone: "America/Sao_Paulo" },
      canRunNow: true,
      run: ({ db, now }) => publishResultados(db, privacyKey, now, env.PRIVACY_MIN_GROUP),
    },
  ];
}
