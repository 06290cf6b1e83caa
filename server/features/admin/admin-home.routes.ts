/**
 * GET /api/admin/home: the platform admin's home (docs/decisions/050). Counts and names of the
 * platform's operation, read from the tables the admin's other screens read: companies, pending
 * invitations, the jobs' health (job-health.ts), psychologists awaiting verification and the newest
 * rows of the Registro de acessos. No mood, note or figure about people's feelings.
 */
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ADMIN_HOME_RECENT_ACCESS, adminHomeSchema } from "#core/schemas/admin-home.ts";
import { auditLog, companies, invites, jobs as jobRows, psychologists } from "#server/db/schema/index.ts";
import { actorMatriculaSql } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { INVITE_MAIL_JOB } from "#server/features/invites/index.ts";
import { readJobHealth } from "./job-health.ts";

export async function adminHomeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now, jobs } = app.deps;

  app.get(
    "/api/admin/home",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Início do administrador: empresas, convites, tarefas, psicólogos(as) e registro de acessos",
        response: { 200: adminHomeSchema },
      },
    },
    async (request) => {
      callerOf(request, admin);
      const at = now();
      const pending = and(isNull(invites.acceptedAt), gt(invites.expiresAt, at));
      const [[companyCount], [newest], [invitations], health, [awaiting], recent] = await Promise.all([
        db.select({ total: count() }).from(companies),
        db
          .select({ id: companies.id, name: companies.name, createdAt: companies.createdAt })
          .from(companies)
          .orderBy(desc(companies.createdAt))
          .limit(1),
        db
          .select({
            pending: count(),
            failed: sql<number>`count(*) filter (where ${jobRows.failedAt} is not null)::int`,
          })
          .from(invites)
          .leftJoin(jobRows, and(eq(jobRows.name, INVITE_MAIL_JOB), eq(jobRows.key, sql`${invites.id}::text`)))
          .where(pending),
        readJobHealth(db, jobs, at),
        db.select({ total: count() }).from(psychologists).where(eq(psychologists.status, "pending")),
        db
          .select({
            id: auditLog.id,
            at: auditLog.createdAt,
            action: auditLog.action,
            actorEmail: auditLog.actorEmail,
            actorMatricula: actorMatriculaSql,
            companyName: companies.name,
          })
          .from(auditLog)
          .leftJoin(companies, eq(companies.id, auditLog.companyId))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(ADMIN_HOME_RECENT_ACCESS),
      ]);
      const lastRuns = health.map((job) => job.lastRunAt).filter((value): value is string => value !== null);
      return {
        companies: {
          total: companyCount?.total ?? 0,
          newest: newest ? { id: newest.id, name: newest.name, createdAt: newest.createdAt.toISOString() } : null,
        },
        invitations: { pending: invitations?.pending ?? 0, failed: invitations?.failed ?? 0 },
        jobs: {
          total: health.length,
          lastRunAt: lastRuns.sort().at(-1) ?? null,
          failing: health
            .filter((job) => job.failures > 0)
            .map((job) => ({
              name: job.name,
              label: job.label,
              failures: job.failures,
              lastErrorAt: job.lastError?.at ?? null,
            })),
        },
        psychologists: { awaitingVerification: awaiting?.total ?? 0 },
        recentAccess: recent.map((row) => ({
          id: String(row.id),
          at: row.at.toISOString(),
          action: row.action,
          actorEmail: row.actorEmail,
          actorMatricula: row.actorMatricula,
          companyName: row.companyName,
        })),
      };
    },
  );
}
