/** /api/risks: the module's overview, establishments, sectors/GHE and who works where (docs/decisions/026). */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { cnpjDigits } from "#core/cnpj.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { instrumentKey, instruments } from "#core/risks.ts";
import {
  assignMembersInputSchema,
  establishmentInputSchema,
  riskScopeQuerySchema,
  sectorInputSchema,
} from "#core/schemas/risks.ts";
import {
  profiles,
  riskActions,
  riskCampaigns,
  riskCriteria,
  riskEstablishments,
  riskInventoryVersions,
  riskParticipationRecords,
  riskSectorMembers,
  riskSectors,
} from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { requireRole } from "#server/features/auth/viewer.ts";
import { companyScope } from "#server/features/teams/company-scope.ts";
import { establishmentOf, sectorOf } from "./risk-scope.ts";

const message = z.object({ message: z.string(), id: z.string().optional() });

export async function structureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;

  app.get(
    "/api/risks",
    {
      schema: {
        tags: ["riscos"],
        summary: "Visão geral do módulo NR-1 da empresa: estrutura, critérios, campanhas, inventários e plano",
        querystring: riskScopeQuerySchema,
        response: { 200: z.any() },
      },
    },
    async (request) => {
      const viewer = await requireRole(request, "manager", "admin");
      const company = await companyScope(db, viewer, request.query.companyId);
      const [establishments, sectors, members, criteria, campaigns, inventories, actions, records] = await Promise.all([
        db
          .select()
          .from(riskEstablishments)
          .where(eq(riskEstablishments.companyId, company.id))
          .orderBy(asc(riskEstablishments.name)),
        db.select().from(riskSectors).where(eq(riskSectors.companyId, company.id)).orderBy(asc(riskSectors.name)),
        db
          .select({
            id: profiles.userId,
            name: profiles.name,
            role: profiles.role,
            sectorId: riskSectorMembers.sectorId,
          })
          .from(profiles)
          .leftJoin(riskSectorMembers, eq(riskSectorMembers.userId, profiles.userId))
          .where(eq(profiles.companyId, company.id))
          .orderBy(asc(profiles.name)),
        db
          .select()
          .from(riskCriteria)
          .where(eq(riskCriteria.companyId, company.id))
          .orderBy(desc(riskCriteria.version)),
        db
          .select({
            campaign: riskCampaigns,
            invited: sql<number>`(select count(*)::int from risk_invitations i where i.campaign_id = "risk_campaigns"."id")`,
          })
          .from(riskCampaigns)
          .where(eq(riskCampaigns.companyId, company.id))
          .orderBy(desc(riskCampaigns.createdAt)),
        db
          .select({
            id: riskInventoryVersions.id,
            establishmentId: riskInventoryVersions.establishmentId,
            version: riskInventoryVersions.version,
            publishedAt: riskInventoryVersions.publishedAt,
            retainUntil: riskInventoryVersions.retainUntil,
            content: riskInventoryVersions.content,
          })
          .from(riskInventoryVersions)
          .where(eq(riskInventoryVersions.companyId, company.id))
          .orderBy(desc(riskInventoryVersions.version)),
        db.select().from(riskActions).where(eq(riskActions.companyId, company.id)).orderBy(asc(riskActions.dueOn)),
        db
          .select()
          .from(riskParticipationRecords)
          .where(eq(riskParticipationRecords.companyId, company.id))
          .orderBy(desc(riskParticipationRecords.heldOn)),
      ]);
      return {
        company: { id: company.id, name: company.name },
        minGroup: env.PRIVACY_MIN_GROUP,
        instruments: instruments.map((instrument) => ({
          key: instrumentKey(instrument),
          title: instrument.title,
          items: instrument.items.length,
          licence: instrument.licence,
        })),
        establishments,
        sectors,
        members: members.filter((member) => member.role !== "admin"),
        criteria,
        campaigns: campaigns.map(({ campaign, invited }) => ({ ...campaign, invited })),
        inventories,
        actions,
        records,
      };
    },
  );

  app.post(
    "/api/risks/establishments",
    {
      schema: {
        tags: ["riscos"],
        summary: "Cadastra um estabelecimento (nome e CNPJ)",
        body: establishmentInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const viewer = await requireRole(request, "manager", "admin");
      const company = await companyScope(db, viewer, request.body.companyId);
      const [row] = await db
        .insert(riskEstablishments)
        .values({ companyId: company.id, name: request.body.name, cnpj: cnpjDigits(request.body.cnpj) })
        .onConflictDoNothing()
        .returning({ id: riskEstablishments.id });
      if (!row) throw new AppError("CONFLICT", riskMessages.cnpjTaken);
      reply.status(201);
      return { message: "Estabelecimento cadastrado.", id: row.id };
    },
  );

  app.post(
    "/api/risks/sectors",
    {
      schema: {
        tags: ["riscos"],
        summary: "Cadastra um setor ou GHE (grupo de exposição similar) na árvore do estabelecimento",
        body: sectorInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const viewer = await requireRole(request, "manager", "admin");
      const company = await companyScope(db, viewer, request.body.companyId);
      const { establishmentId, parentId, name, kind, activities, headcount } = request.body;
      await establishmentOf(db, company.id, establishmentId, riskMessages.establishmentNotFound);
      if (parentId) {
        const parent = await sectorOf(db, company.id, parentId, riskMessages.sectorNotFound);
        if (parent.establishmentId !== establishmentId) throw new AppError("BAD_REQUEST", riskMessages.sectorNotFound);
      }
      const [row] = await db
        .insert(riskSectors)
        .values({
          companyId: company.id,
          establishmentId,
          parentId: parentId ?? null,
          name,
          kind,
          activities,
          headcount,
        })
        .returning({ id: riskSectors.id });
      reply.status(201);
      return { message: "Setor cadastrado.", id: row?.id };
    },
  );

  app.put(
    "/api/risks/sector-members",
    {
      schema: {
        tags: ["riscos"],
        summary: "Atribui membros a um setor (ou tira do setor, com sectorId nulo), um ou vários de uma vez",
        body: assignMembersInputSchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const viewer = await requireRole(request, "manager", "admin");
      const company = await companyScope(db, viewer, request.body.companyId);
      const { sectorId } = request.body;
      const userIds = [...new Set(request.body.userIds)];
      if (sectorId) await sectorOf(db, company.id, sectorId, riskMessages.sectorNotFound);
      await db.transaction(async (tx) => {
        const inCompany = await tx
          .select({ userId: profiles.userId })
          .from(profiles)
          .where(and(eq(profiles.companyId, company.id), inArray(profiles.userId, userIds)));
        if (inCompany.length !== userIds.length) throw new AppError("NOT_FOUND", "Membro não encontrado.");
        await tx.delete(riskSectorMembers).where(inArray(riskSectorMembers.userId, userIds));
        if (sectorId)
          await tx
            .insert(riskSectorMembers)
            .values(userIds.map((userId) => ({ userId, companyId: company.id, sectorId })));
      });
      return { message: riskMessages.membersAssigned };
    },
  );
}
