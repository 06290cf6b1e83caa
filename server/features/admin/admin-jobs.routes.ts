/**
 * /admin › Tarefas automáticas (docs/decisions/019): each kind of job with its
 * last run, next run, failures and last error, and 'Executar agora', which
 * enqueues a one-off run due now (the runner takes it within 30 s). Admins
 * only. Keys and payloads never leave: a reminder's key names a person. A job that follows one person's
 * private act (care reminders) shows its failures only: its queue would move at each booking (issue 32).
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { messages } from "#core/messages.ts";
import { adminJobParamsSchema, adminJobSchema } from "#core/schemas/admin-jobs.ts";
import { rowsOf } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/audit.ts";
import { requireRole } from "#server/features/auth/viewer.ts";
import { enqueueRunNow, type JobDefinition } from "#server/jobs/runner.ts";

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

export async function adminJobRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now, jobs, jobBell } = app.deps;

  app.get(
    "/api/admin/jobs",
    {
      schema: {
        tags: ["admin"],
        summary: "Tarefas automáticas: última e próxima execução, falhas",
        response: { 200: z.array(adminJobSchema) },
      },
    },
    async (request) => {
      await requireRole(request, "admin");
      const at = now();
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
    },
  );

  app.post(
    "/api/admin/jobs/:name/run",
    {
      schema: {
        tags: ["admin"],
        summary: "Executar agora: uma execução extra, sem mudar a agenda",
        params: adminJobParamsSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewer = await requireRole(request, "admin");
      const definition = jobs.find((job) => job.name === request.params.name);
      if (!definition) throw new AppError("NOT_FOUND", messages.jobNotFound);
      if (!definition.canRunNow) throw new AppError("BAD_REQUEST", messages.jobCannotRunNow);
      await enqueueRunNow(db, definition.name, now());
      jobBell.ring();
      await writeAudit(db, viewer, "job.run", { type: "job", id: definition.name });
      return reply.status(202).send({ message: messages.jobQueued });
    },
  );
}
