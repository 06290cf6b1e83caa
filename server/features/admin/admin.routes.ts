/**
 * /admin, the companies (platform admins only): a page at a time with their manager and counts, creating a
 * company (and inviting its manager), deleting a company (docs/decisions/008). Its people are in
 * company-members.routes.ts.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminMessages } from "#core/admin-messages.ts";
import { planDetails } from "#core/plans.ts";
import {
  ADMIN_PAGE_SIZE,
  adminCompanyPageSchema,
  adminSearchQuerySchema,
  companyIdParamsSchema,
  createCompanyInputSchema,
} from "#core/schemas/admin.ts";
import { serverMessages } from "#core/server-messages.ts";
import { foldedContains } from "#server/db/folded-search.ts";
import { companies, profiles, user, userProgress } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { createInvite, pendingInviteSummaries } from "#server/features/invites/index.ts";
import { detachFromCompany } from "#server/features/teams/index.ts";
import { companyFileKeys } from "./company-files.ts";
import { assertCompanyNameFree } from "./company-name.ts";

export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobBell, env, now, storage } = app.deps;

  app.get(
    "/api/admin/companies",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary:
          "Empresas, 20 por página (mais novas primeiro), com plano, gestor, vagas em uso e contagens; ?q= busca pelo nome",
        querystring: adminSearchQuerySchema,
        response: { 200: adminCompanyPageSchema },
      },
    },
    async (request) => {
      callerOf(request, admin);
      const { q, page } = request.query;
      const where = q ? foldedContains(companies.name, q) : undefined;
      const [list, [total]] = await Promise.all([
        db
          .select()
          .from(companies)
          .where(where)
          .orderBy(desc(companies.createdAt), asc(companies.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PAGE_SIZE),
        db.select({ n: sql<number>`count(*)::int` }).from(companies).where(where),
      ]);
      const ids = list.map((company) => company.id);
      // Constant work per company: one GROUP BY for the members, one for the invites, one row per manager.
      const [memberCounts, managers, invitesOf] = await Promise.all([
        ids.length === 0
          ? []
          : db
              .select({ companyId: profiles.companyId, n: sql<number>`count(*)::int` })
              .from(profiles)
              .where(inArray(profiles.companyId, ids))
              .groupBy(profiles.companyId),
        ids.length === 0
          ? []
          : db
              .selectDistinctOn([profiles.companyId], {
                companyId: profiles.companyId,
                name: profiles.name,
                email: user.email,
              })
              .from(profiles)
              .innerJoin(user, eq(user.id, profiles.userId))
              .where(and(inArray(profiles.companyId, ids), eq(profiles.role, "manager")))
              .orderBy(profiles.companyId, asc(profiles.name)),
        pendingInviteSummaries(db, ids),
      ]);
      const membersOf = new Map(memberCounts.map((row) => [row.companyId, row.n]));
      const managerOf = new Map(managers.map((row) => [row.companyId, row]));
      const items = list.map((company) => {
        const manager = managerOf.get(company.id);
        const pendingManager = invitesOf.managers.get(company.id);
        const memberCount = membersOf.get(company.id) ?? 0;
        const pendingInviteCount = invitesOf.counts.get(company.id) ?? 0;
        return {
          id: company.id,
          name: company.name,
          plan: company.plan,
          createdAt: company.createdAt.toISOString(),
          manager: manager
            ? { name: manager.name, email: manager.email, pending: false }
            : pendingManager
              ? { ...pendingManager, pending: true }
              : null,
          memberCount,
          pendingInviteCount,
          seatsUsed: memberCount + pendingInviteCount,
          seatLimit: planDetails[company.plan].memberLimit,
        };
      });
      return { items, total: total?.n ?? 0, page, pageSize: ADMIN_PAGE_SIZE };
    },
  );

  app.post(
    "/api/admin/companies",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Cria uma empresa e convida o gestor por e-mail (link /confirm-account)",
        body: createCompanyInputSchema,
        response: { 201: z.object({ id: z.string(), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, admin);
      const { name, manager_name, manager_email, plan } = request.body;
      // The company and its manager's invite stand or fall together.
      const company = await db.transaction(async (tx) => {
        await assertCompanyNameFree(tx, name);
        const [created] = await tx
          .insert(companies)
          .values({ name, plan, timezone: env.TZ_DEFAULT, createdAt: now() })
          .returning();
        if (!created) throw new Error("company insert returned nothing");
        await createInvite(
          tx,
          {
            companyId: created.id,
            name: manager_name,
            email: manager_email,
            role: "manager",
            kind: "admin",
            inviter: { userId: viewer.userId, name: viewer.name },
          },
          now(),
        );
        await writeAudit(tx, viewer, "company.create", {
          type: "company",
          id: created.id,
          companyId: created.id,
          details: { name, plan },
        });
        return created;
      });
      jobBell.ring();
      reply.status(201);
      return { id: company.id, message: adminMessages.companyCreated };
    },
  );

  app.delete(
    "/api/admin/companies/:id",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary:
          "Apaga a empresa e os arquivos dela (anexos do canal de escuta, evidências da NR-1, materiais de sessões): membros ficam sem empresa (contas e histórico pessoal preservados)",
        params: companyIdParamsSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const files = await db.transaction(async (tx) => {
        const [company] = await tx.select().from(companies).where(eq(companies.id, request.params.id)).for("update");
        if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
        const keys = await companyFileKeys(tx, company.id);
        const detached = await detachFromCompany(tx, company.id);
        // Invites and the company's daily aggregates go with it (FK cascade); people's own
        // check-ins stay theirs, no longer tied to the company (no FK there: docs/decisions/021).
        await tx.update(userProgress).set({ companyId: null }).where(eq(userProgress.companyId, company.id));
        await tx.delete(companies).where(eq(companies.id, company.id));
        await writeAudit(tx, viewer, "company.delete", {
          type: "company",
          id: company.id,
          companyId: company.id,
          details: { name: company.name, membersDetached: detached.length },
        });
        return keys;
      });
      // Their rows went with the company: the files go after the commit (server/features/admin/company-files.ts).
      for (const key of files)
        await storage
          .remove(key)
          .catch((err: unknown) => request.log.error({ err, key }, "company file removal failed"));
      return { message: adminMessages.companyRemoved };
    },
  );
}
