/** The WHO-5's quarterly nudge (docs/decisions/078): app.ts lists these with every feature's jobs. */
import type { Env } from "#server/env.ts";
import type { VapidKeys } from "#server/features/notifications/index.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { sendWho5Nudge, sweepWho5Nudges, WHO5_NUDGE_JOB } from "./who5-nudges.ts";

export function who5Jobs({
  env,
  mailer,
  unsubscribeKey,
  vapid,
}: {
  env: Pick<Env, "APP_URL">;
  mailer: Mailer;
  unsubscribeKey: Buffer;
  vapid: VapidKeys;
}): JobDefinition[] {
  return [
    {
      name: "who5-nudges",
      label: "Índice de Bem-Estar: quem recebe o convite do trimestre",
      daily: { hour: 10, timeZone: "America/Sao_Paulo" },
      canRunNow: true,
      run: ({ db, now }) => sweepWho5Nudges(db, now),
    },
    {
      // One person's nudge of one quarter, keyed `user|quarter`; enqueued by the sweep, not by an act of theirs.
      name: WHO5_NUDGE_JOB,
      label: "Convite do Índice de Bem-Estar de uma pessoa",
      run: (context) => sendWho5Nudge(context, { mailer, appUrl: env.APP_URL, unsubscribeKey, vapid }),
    },
  ];
}
