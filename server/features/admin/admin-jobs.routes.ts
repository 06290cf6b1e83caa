/**
 * /admin › Tarefas automáticas (docs/decisions/019): each kind of job with its
 * last run, next run, failures and last error (job-health.ts), and 'Executar agora', which
 * enqueues a one-off run due now (the runner takes it within 30 s). Admins only.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminMessages } from "#core/admin-messages.ts";
import { adminJobParamsSchema, adminJobSchema } from "#core/schemas/admin-jobs.ts";
import { serverMessages } from "#core/server-messages.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { enqueueRunNow } from "#server/jobs/runner.ts";
import { readJobHealth } from "./job-health.ts";

export async function adminJobRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now, jobs, jobBell } = app.deps;

  app.get(
    "/api/admin/jobs",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Tarefas automáticas: última e próxima execução, falhas",
        response: { 200: z.array(adminJobSchema) },
      },
    },
    async (request) => {
      callerOf(request, admin);
      return readJobHealth(db, jobs, now());
    },
  );

  app.post(
    "/api/admin/jobs/:name/run",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Executar agora: uma execução extra, sem mudar a agenda",
        params: adminJobParamsSchema,
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, admin);
      const definition = jobs.find((job) => job.name === request.params.name);
      if (!definition) throw new AppError("NOT_FOUND", adminMessages.jobNotFound);
      if (!definition.canRunNow) throw new AppError("BAD_REQUEST", serverMessages.jobCannotRunNow);
      await enqueueRunNow(db, definition.name, now());
      jobBell.ring();
      await writeAudit(db, viewer, "job.run", { type: "job", id: definition.name });
      return reply.status(202).send({ message: serverMessages.jobQueued });
    },
  );
}
