/**
 * /admin, one company's people (platform admins only): its members and pending invites a page at a time
 * (docs/decisions/054), inviting a member or manager, and removing a member (docs/decisions/008).
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminMessages } from "#core/admin-messages.ts";
import {
  ADMIN_PAGE_SIZE,
  adminAddMemberInputSchema,
  adminCompanyPeopleSchema,
  adminSearchQuerySchema,
  companyIdParamsSchema,
} from "#core/schemas/admin.ts";
import { userIdSchema } from "#core/schemas/team.ts";
import { serverMessages } from "#core/server-messages.ts";
import { foldedContains } from "#server/db/folded-search.ts";
import { companies, invites, profiles, user } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { createInvite, pendingInvitesPage } from "#server/features/invites/index.ts";
import { removeFromCompany } from "#server/features/teams/index.ts";

export async function companyMemberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobBell, now } = app.deps;

  app.get(
    "/api/admin/companies/:id/members",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary:
          "Membros da empresa (por nome) e convites pendentes, 20 de cada por página; ?q= busca por nome ou e-mail",
        params: companyIdParamsSchema,
        querystring: adminSearchQuerySchema,
        response: { 200: adminCompanyPeopleSchema },
      },
    },
    async (request) => {
      callerOf(request, admin);
      const { q, page } = request.query;
      const [company] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, request.params.id));
      if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
      const offset = (page - 1) * ADMIN_PAGE_SIZE;
      const memberWhere = and(
        eq(profiles.companyId, company.id),
        q ? or(foldedContains(profiles.name, q), foldedContains(user.email, q)) : undefined,
      );
      const [members, [memberTotal], pending] = await Promise.all([
        db
          .select({ id: profiles.userId, name: profiles.name, email: user.email, role: profiles.role })
          .from(profiles)
          .innerJoin(user, eq(user.id, profiles.userId))
          .where(memberWhere)
          .orderBy(asc(profiles.name), asc(profiles.userId))
          .limit(ADMIN_PAGE_SIZE)
          .offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(profiles)
          .innerJoin(user, eq(user.id, profiles.userId))
          .where(memberWhere),
        pendingInvitesPage(db, company.id, {
          where: q ? or(foldedContains(invites.name, q), foldedContains(invites.email, q)) : undefined,
          limit: ADMIN_PAGE_SIZE,
          offset,
        }),
      ]);
      return {
        members,
        memberTotal: memberTotal?.n ?? 0,
        pendingInvites: pending.items,
        pendingInviteTotal: pending.total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
  );

  app.post(
    "/api/admin/companies/:id/members",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Convida um membro ou gestor para a empresa (link /confirm-account)",
        params: companyIdParamsSchema,
        body: adminAddMemberInputSchema,
        response: { 201: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, admin);
      const { invite } = await createInvite(
        db,
        {
          companyId: request.params.id,
          ...request.body,
          kind: "admin",
          inviter: { userId: viewer.userId, name: viewer.name },
        },
        now(),
      );
      jobBell.ring();
      await writeAudit(db, viewer, "invite.create", {
        type: "invite",
        id: invite.id,
        companyId: request.params.id,
        details: { companyId: request.params.id, role: request.body.role },
      });
      reply.status(201);
      return { message: adminMessages.adminInviteSent };
    },
  );

  app.delete(
    "/api/admin/companies/:id/members/:userId",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary: "Remove um membro da empresa e encerra as sessões dele",
        params: companyIdParamsSchema.extend({ userId: userIdSchema }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      await removeFromCompany(db, request.params.id, request.params.userId);
      await writeAudit(db, viewer, "member.remove", {
        type: "user",
        id: request.params.userId,
        companyId: request.params.id,
        details: { companyId: request.params.id },
      });
      return { message: adminMessages.adminMemberRemoved };
    },
  );
}
