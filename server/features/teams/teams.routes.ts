/** /team: a manager's own company (an admin's chosen one): members, pending invites, inviting, removing. */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { planDetails } from "#core/plans.ts";
import {
  companyOptionSchema,
  companyScopeQuerySchema,
  inviteMemberInputSchema,
  teamSchema,
  userIdSchema,
} from "#core/schemas/team.ts";
import { serverMessages } from "#core/server-messages.ts";
import { companies, invites, profiles, user } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { callerOf, companyManager, roles } from "#server/features/auth/index.ts";
import { awaitingActivation, createInvite, pendingInviteSummaries } from "#server/features/invites/index.ts";
import { removeFromCompany } from "./members.ts";

/** Managers and admins (a manager acts on their own company, checked by the handler). */
const managerOrAdmin = roles("manager", "admin");

export async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jobBell, now } = app.deps;

  app.get(
    "/api/companies",
    {
      config: { access: managerOrAdmin },
      schema: {
        tags: ["equipe"],
        summary: "Empresas que quem pede pode ver (admin: todas; gestor: a sua)",
        response: { 200: z.array(companyOptionSchema) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, managerOrAdmin);
      const query = db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.name));
      if (viewer.role === "admin") return query;
      if (!viewer.companyId) return [];
      return query.where(eq(companies.id, viewer.companyId));
    },
  );

  app.get(
    "/api/team",
    {
      config: { access: companyManager },
      schema: {
        tags: ["equipe"],
        summary:
          "Plano (vagas em uso, com convites pendentes) e membros da empresa; os convites estão em /api/team/invites",
        querystring: companyScopeQuerySchema,
        response: { 200: teamSchema },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
      const [members, pending, awaiting] = await Promise.all([
        db
          .select({ id: profiles.userId, name: profiles.name, email: user.email, role: profiles.role })
          .from(profiles)
          .innerJoin(user, eq(user.id, profiles.userId))
          .where(eq(profiles.companyId, company.id))
          .orderBy(sql`${profiles.role} = 'manager' desc`, asc(profiles.name)),
        pendingInviteSummaries(db, [company.id]),
        awaitingActivation(db, company.id),
      ]);
      return {
        company: {
          id: company.id,
          name: company.name,
          plan: company.plan,
          memberLimit: planDetails[company.plan].memberLimit,
          used: members.length + (pending.counts.get(company.id) ?? 0) + awaiting,
        },
        members: members.map((member) => ({ ...member, isSelf: member.id === viewer.userId })),
      };
    },
  );

  app.post(
    "/api/team/invites",
    {
      config: { access: companyManager },
      schema: {
        tags: ["equipe"],
        summary: "Convida um membro por e-mail (link /accept-invite), dentro do limite do plano",
        body: inviteMemberInputSchema,
        response: { 201: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      const { invite } = await createInvite(
        db,
        {
          companyId: company.id,
          name: request.body.name,
          email: request.body.email,
          role: "user",
          kind: "team",
          inviter: { userId: viewer.userId, name: viewer.name },
        },
        now(),
      );
      jobBell.ring();
      await writeAudit(db, viewer, "invite.create", {
        type: "invite",
        id: invite.id,
        companyId: company.id,
        details: { companyId: company.id, role: "user" },
      });
      reply.status(201);
      return { message: serverMessages.inviteSent };
    },
  );

  app.post(
    "/api/team/invites/:id/resend",
    {
      config: { access: companyManager },
      schema: {
        tags: ["equipe"],
        summary: "Reenvia um convite pendente com um link novo (o anterior deixa de valer); conta no limite por hora",
        params: z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict(),
        querystring: companyScopeQuerySchema,
        response: { 201: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const { viewer, company } = callerOf(request, companyManager);
      const [pending] = await db
        .select()
        .from(invites)
        .where(and(eq(invites.id, request.params.id), eq(invites.companyId, company.id), isNull(invites.acceptedAt)));
      if (!pending || pending.role === "psychologist") throw new AppError("NOT_FOUND", serverMessages.notFound);
      // The same path as a new invitation: same limits, a new invite row and e-mail job, the old link void.
      const { invite } = await createInvite(
        db,
        {
          companyId: company.id,
          name: pending.name,
          email: pending.email,
          role: pending.role,
          kind: pending.kind,
          inviter: { userId: viewer.userId, name: viewer.name },
        },
        now(),
      );
      jobBell.ring();
      await writeAudit(db, viewer, "invite.create", {
        type: "invite",
        id: invite.id,
        companyId: company.id,
        details: { companyId: company.id, role: pending.role, resent: true },
      });
      reply.status(201);
      return { message: serverMessages.inviteResent };
    },
  );

  app.delete(
    "/api/team/invites/:id",
    {
      config: { access: companyManager },
      schema: {
        tags: ["equipe"],
        summary: "Cancela um convite pendente",
        params: z.object({ id: z.uuid({ error: serverMessages.notFound }) }).strict(),
        querystring: companyScopeQuerySchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
      const [cancelled] = await db
        .delete(invites)
        .where(and(eq(invites.id, request.params.id), eq(invites.companyId, company.id), isNull(invites.acceptedAt)))
        .returning({ id: invites.id });
      if (!cancelled) throw new AppError("NOT_FOUND", serverMessages.notFound);
      await writeAudit(db, viewer, "invite.cancel", { type: "invite", id: cancelled.id, companyId: company.id });
      return { message: serverMessages.inviteCancelled };
    },
  );

  app.delete(
    "/api/team/members/:userId",
    {
      config: { access: companyManager },
      schema: {
        tags: ["equipe"],
        summary: "Remove um membro da empresa e encerra as sessões dele na hora",
        params: z.object({ userId: userIdSchema }).strict(),
        querystring: companyScopeQuerySchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const { viewer, company } = callerOf(request, companyManager);
      if (request.params.userId === viewer.userId) throw new AppError("BAD_REQUEST", serverMessages.cannotRemoveSelf);
      if (viewer.role === "manager") {
        const [target] = await db
          .select({ role: profiles.role })
          .from(profiles)
          .where(eq(profiles.userId, request.params.userId));
        // A manager removes members; managers are changed by a platform admin.
        if (target && target.role !== "user") throw new AppError("FORBIDDEN", serverMessages.forbidden);
      }
      await removeFromCompany(db, company.id, request.params.userId);
      await writeAudit(db, viewer, "member.remove", {
        type: "user",
        id: request.params.userId,
        companyId: company.id,
        details: { companyId: company.id },
      });
      return { message: serverMessages.memberRemoved };
    },
  );
}
