/**
 * GET /api/admin/audit: the Registro de acessos for platform admins, newest
 * first, filtered by kind of event, action, company, actor e-mail and days (in TZ_DEFAULT),
 * a page at a time with the total. Rows hold who did what to what; never a
 * mood or a note (writeAudit's rule).
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { addDays } from "#core/dates.ts";
import { actionsOfKind, auditPageSchema, auditQuerySchema } from "#core/schemas/audit.ts";
import { zonedInstant } from "#core/zoned-time.ts";
import { auditLog, companies } from "#server/db/schema/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { actorMatriculaSql } from "./actor-matricula.ts";

/**
 * The company's name; once it is deleted, the name its creation or deletion
 * recorded in the trail (every row of that company shows it).
 */
const companyNameSql = sql<string | null>`coalesce(${companies.name}, (
  SELECT named.details->>'name' FROM audit_log named
  WHERE named.company_id = ${auditLog.companyId} AND named.target_type = 'company' AND named.details ? 'name'
  ORDER BY named.created_at DESC LIMIT 1))`;

/** `ilike` pattern for "contains", with the user's % and _ taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;

  app.get(
    "/api/admin/audit",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Registro de acessos: entradas, recusas, leituras e ações, filtradas e paginadas",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => {
      callerOf(request, admin);
      const { kind, action, companyId, actor, from, to, page, pageSize } = request.query;
      const conditions: SQL[] = [];
      if (kind) conditions.push(inArray(auditLog.action, actionsOfKind(kind)));
      if (action) conditions.push(eq(auditLog.action, action));
      if (companyId) conditions.push(eq(auditLog.companyId, companyId));
      if (actor) conditions.push(ilike(auditLog.actorEmail, containsPattern(actor)));
      if (from) conditions.push(gte(auditLog.createdAt, zonedInstant(from, 0, env.TZ_DEFAULT)));
      if (to) conditions.push(lt(auditLog.createdAt, zonedInstant(addDays(to, 1), 0, env.TZ_DEFAULT)));
      const where = conditions.length ? and(...conditions) : undefined;

      const [rows, [totals]] = await Promise.all([
        db
          .select({ entry: auditLog, companyName: companyNameSql, actorMatricula: actorMatriculaSql })
          .from(auditLog)
          .leftJoin(companies, eq(companies.id, auditLog.companyId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return {
        items: rows.map(({ entry, companyName, actorMatricula }) => {
          return {
            id: entry.id,
            at: entry.createdAt.toISOString(),
            action: entry.action,
            actorEmail: entry.actorEmail,
            actorMatricula,
            targetType: entry.targetType,
            targetId: entry.targetId,
            companyId: entry.companyId,
            companyName,
            details: entry.details,
          };
        }),
        total: totals?.total ?? 0,
        page,
        pageSize,
      };
    },
  );
}
