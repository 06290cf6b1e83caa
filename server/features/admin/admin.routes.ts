/**
 * /admin (platform admins only): companies with their manager and members,
 * creating a company (and inviting its manager), inviting and removing
 * members, deleting a company (docs/decisions/008).
 */
import { asc, desc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { messages } from "#core/messages.ts";
import { adminAddMemberInputSchema, adminCompanySchema, createCompanyInputSchema } from "#core/schemas/admin.ts";
import { userIdSchema } from "#core/schemas/team.ts";
import type { Db } from "#server/db/client.ts";
import { companies, profiles, user, userProgress } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/audit.ts";
import { requireRole } from "#server/features/auth/viewer.ts";
import { createInvite, listPendingInvites } from "#server/features/invites/invites.ts";
import { detachFromCompany, removeFromCompany } from "#server/features/teams/members.ts";

const companyParams = z.object({ id: z.uuid({ error: messages.companyIdMissing }) });

export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobBell, env, now } = app.deps;

  app.get(
    "/api/admin/companies",
    {
      schema: {
        tags: ["admin"],
        summary: "Empresas com plano, gestor, membros e convites pendentes",
        response: { 200: z.array(adminCompanySchema) },
      },
    },
    async (request) => {
      await requireRole(request, "admin");
      const list = await db.select().from(companies).orderBy(desc(companies.createdAt));
      if (list.length === 0) return [];
      const ids = list.map((company) => company.id);
      const [members, pending] = await Promise.all([
        db
          .select({
            companyId: profiles.companyId,
            id: profiles.userId,
            name: profiles.name,
            email: user.email,
            role: profiles.role,
          })
          .from(profiles)
          .innerJoin(user, eq(user.id, profiles.userId))
          .where(inArray(profiles.companyId, ids))
          .orderBy(asc(profiles.name)),
        listPendingInvites(db, ids),
      ]);
      return list.map((company) => {
        const own = members.filter((member) => member.companyId === company.id);
        const manager = own.find((member) => member.role === "manager");
        const pendingManager = pending.find((invite) => invite.companyId === company.id && invite.role === "manager");
        return {
          id: company.id,
          name: company.name,
          plan: company.plan,
          createdAt: company.createdAt.toISOString(),
          manager: manager
            ? { name: manager.name, email: manager.email }
            : pendingManager
              ? { name: pendingManager.name, email: pendingManager.email }
              : null,
          members: own.map(({ companyId: _c, ...member }) => member),
          pendingInvites: pending
            .filter((invite) => invite.companyId === company.id)
            .map(({ companyId: _c, ...invite }) => invite),
        };
      });
    },
  );

  app.post(
    "/api/admin/companies",
    {
      schema: {
        tags: ["admin"],
        summary: "Cria uma empresa e convida o gestor por e-mail (link /confirm-account)",
        body: createCompanyInputSchema,
        response: { 201: z.object({ id: z.string(), message: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewer = await requireRole(request, "admin");
      const { name, manager_name, manager_email, plan } = request.body;
      // The company and its manager's invite stand or fall together.
      const company = await db.transaction(async (t) => {
        const tx = t as unknown as Db;
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
      return { id: company.id, message: messages.companyCreated };
    },
  );

  app.post(
    "/api/admin/companies/:id/members",
    {
      schema: {
        tags: ["admin"],
        summary: "Convida um membro ou gestor para a empresa (link /confirm-account)",
        params: companyParams,
        body: adminAddMemberInputSchema,
        response: { 201: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewer = await requireRole(request, "admin");
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
      return { message: messages.adminInviteSent };
    },
  );

  app.delete(
    "/api/admin/companies/:id/members/:userId",
    {
      schema: {
        tags: ["admin"],
        summary: "Remove um membro da empresa e encerra as sessões dele",
        params: companyParams.extend({ userId: userIdSchema }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = await requireRole(request, "admin");
      await removeFromCompany(db, request.params.id, request.params.userId);
      await writeAudit(db, viewer, "member.remove", {
        type: "user",
        id: request.params.userId,
        companyId: request.params.id,
        details: { companyId: request.params.id },
      });
      return { message: messages.adminMemberRemoved };
    },
  );

  app.delete(
    "/api/admin/companies/:id",
    {
      schema: {
        tags: ["admin"],
        summary: "Apaga a empresa: membros ficam sem empresa (contas e histórico pessoal preservados)",
        params: companyParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const viewer = await requireRole(request, "admin");
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const [company] = await tx.select().from(companies).where(eq(companies.id, request.params.id)).for("update");
        if (!company) throw new AppError("NOT_FOUND", messages.companyNotFound);
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
      });
      return { message: messages.companyRemoved };
    },
  );
}
