/** GET /api/risks: the NR-1 module's overview of a company, from its structure to its plan (docs/decisions/026). */
import { asc, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { instrumentKey, instruments } from "#core/risks.ts";
import { riskOverviewSchema } from "#core/schemas/risk-responses.ts";
import { riskScopeQuerySchema } from "#core/schemas/risks.ts";
import {
  profiles,
  riskActions,
  riskCampaigns,
  riskCriteria,
  riskEstablishments,
  riskInventoryVersions,
  riskParticipationRecords,
  riskReviewTriggers,
  riskSectorMembers,
  riskSectors,
} from "#server/db/schema/index.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";
import { withDownloadUrls } from "./evidence-file.ts";

export async function riskOverviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;

  app.get(
    "/api/risks",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Visão geral do módulo NR-1 da empresa: estrutura, critérios, campanhas, inventários e plano",
        querystring: riskScopeQuerySchema,
        response: { 200: riskOverviewSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const [establishments, sectors, members, criteria, campaigns, inventories, actions, records, reviewTriggers] =
        await Promise.all([
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
          db
            .select()
            .from(riskReviewTriggers)
            .where(eq(riskReviewTriggers.companyId, company.id))
            .orderBy(desc(riskReviewTriggers.occurredOn), desc(riskReviewTriggers.createdAt)),
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
        actions: actions.map((action) => ({
          ...action,
          evidenceFiles: withDownloadUrls(action.evidenceFiles, {
            kind: "actions",
            id: action.id,
            companyId: company.id,
          }),
        })),
        records: records.map((record) => ({
          ...record,
          files: withDownloadUrls(record.files, { kind: "records", id: record.id, companyId: company.id }),
        })),
        reviewTriggers,
      };
    },
  );
}
