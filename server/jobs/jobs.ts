/** The product's jobs: add one here (a name, an idempotent handler, and `daily` when it recurs). */
import path from "node:path";
import type { Env } from "#server/env.ts";
import { publishClosedDays } from "#server/features/insights/publish-closed-days.ts";
import { runRetention } from "./retention.ts";
import type { JobDefinition } from "./runner.ts";

export function productJobs(
  env: Pick<Env, "DATA_DIR" | "NOTES_RETENTION_DAYS" | "TZ_DEFAULT" | "PRIVACY_MIN_GROUP">,
  privacyKey: Buffer,
): JobDefinition[] {
  return [
    {
      name: "publish-closed-days",
      daily: { hour: 0, timeZone: env.TZ_DEFAULT },
      run: ({ db, now }) => publishClosedDays(db, privacyKey, now, env.PRIVACY_MIN_GROUP),
    },
    {
      name: "retention",
      daily: { hour: 3, timeZone: env.TZ_DEFAULT },
      run: ({ db, now }) =>
        runRetention(db, {
          now,
          notesRetentionDays: env.NOTES_RETENTION_DAYS,
          outboxDir: path.join(env.DATA_DIR, "outbox"),
        }),
    },
  ];
}
