/**
 * Each kind of job with its last run, next run, queue, failures of the last 7 days and last error
 * (docs/decisions/019): what /admin's 'Tarefas automáticas' lists and the admin's home sums up
 * (docs/decisions/050). Keys and payloads never leave: a reminder's key names a person. A job that
 * follows one person's private act (care reminders) shows its failures only (issue 32).
 */
import { sql } from "drizzle-orm";
import type { AdminJob } from "#core/schemas/admin-jobs.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import type { JobDefinition } from "#server/jobs/runner.ts";

const DAY_MS = 86_400_000;

function scheduleOf(definition: JobDefinition): string {
  if (definition.daily) {
    return `Todo dia às ${String(definition.daily.hour).padStart(2, "0")}:00 (${definition.daily.timeZone})`;
  }
  if (definition.every) {
    return definition.every.minutes === 1 ? "A cada minuto" : `A cada ${definition.every.minutes} minutos`;
  }
  return "Quando outra tarefa pede (uma por pessoa e dia)";
}

type Stats = {
  name: string;
  last_run: string | null;
  next_run: string | null;
  pending: number;
  running: number;
  failures: number;
};

export async function readJobHealth(db: Db, jobs: readonly JobDefinition[], at: Date): Promise<AdminJob[]> {
  const [stats, errors] = await Promise.all([
    db.execute(sql`
      SELECT name, max(finished_at)::text AS last_run,
        min(run_at) FILTER (WHERE finished_at IS NULL AND failed_at IS NULL)::text AS next_run,
        count(*) FILTER (WHERE finished_at IS NULL AND failed_at IS NULL)::int AS pending,
        count(*) FILTER (WHERE finished_at IS NULL AND locked_until > ${at.toISOString()}::timestamptz)::int AS running,
        count(*) FILTER (WHERE failed_at > ${new Date(at.getTime() - 7 * DAY_MS).toISOString()}::timestamptz)::int AS failures
      FROM jobs GROUP BY name`),
    db.execute(sql`
      SELECT DISTINCT ON (name) name, coalesce(failed_at, run_at)::text AS at, last_error
      FROM jobs WHERE last_error IS NOT NULL
      ORDER BY name, coalesce(failed_at, run_at) DESC`),
  ]);
  const byName = new Map(rowsOf<Stats>(stats).map((row) => [row.name, row]));
  const errorByName = new Map(
    rowsOf<{ name: string; at: string; last_error: string }>(errors).map((row) => [row.name, row]),
  );
  const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);
  return jobs.map((definition) => {
    const row = byName.get(definition.name);
    const error = errorByName.get(definition.name);
    // A job one person's booking enqueues would show the booking as it happens: its failures only.
    const shown = definition.followsPeople === true ? undefined : row;
    return {
      name: definition.name,
      label: definition.label ?? definition.name,
      schedule: scheduleOf(definition),
      canRunNow: definition.canRunNow === true,
      followsPeople: definition.followsPeople === true,
      lastRunAt: iso(shown?.last_run),
      nextRunAt: iso(shown?.next_run),
      pending: shown?.pending ?? 0,
      running: shown?.running ?? 0,
      failures: row?.failures ?? 0,
      lastError: error ? { at: iso(error.at) as string, message: error.last_error } : null,
    };
  });
}
