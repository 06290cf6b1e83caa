/** /api/risks/campaigns: draft → open (invitations e-mailed) → closed → published, and their figures. */
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { localDay } from "#core/dates.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { findInstrument, formatIsoDay } from "#core/risks.ts";
import { campaignFiguresSchema } from "#core/schemas/risk-responses.ts";
import { campaignInputSchema, riskScopeQuerySchema } from "#core/schemas/risks.ts";
import { companyScopeQuerySchema } from "#core/schemas/team.ts";
import {
  companyMemberships,
  profiles,
  riskCampaigns,
  riskInvitations,
  riskSectorMembers,
  riskSectors,
  user,
} from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";
import { riskSurveyMail } from "#server/mail/templates.ts";
import { enqueueCampaignReminder } from "./campaign-reminders.ts";
import { campaignFigures } from "./campaign-results.ts";
import { flushParkedResponses } from "./flush-parked-responses.ts";
import { campaignOf, establishmentOf, subtreeOf } from "./risk-scope.ts";

const message = z.object({ message: z.string(), id: z.string().optional() });
const params = z.object({ id: z.uuid({ error: riskMessages.campaignNotFound }) }).strict();
type Status = "draft" | "open" | "closed" | "published";

export async function campaignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, env, mailer, now, privacyKey, jobBell } = app.deps;
  const surveyUrl = `${env.APP_URL}/pesquisa-psicossocial`;

  /** Moves a campaign from one status to the next with a conditional update, so two clicks cannot both win. */
  async function advance(companyId: string, id: string, from: Status, to: Status) {
    const campaign = await campaignOf(db, companyId, id, riskMessages.campaignNotFound);
    // A second 'Encerrar coleta' (another tab, a double click) says what happened, not only that it is refused.
    if (to === "closed" && (campaign.status === "closed" || campaign.status === "published"))
      throw new AppError("CONFLICT", riskMessages.campaignAlreadyClosed);
    const stamp = to === "open" ? "openedAt" : to === "closed" ? "closedAt" : "publishedAt";
    const [row] = await db
      .update(riskCampaigns)
      .set({ status: to, [stamp]: sql`now()` })
      .where(and(eq(riskCampaigns.id, id), eq(riskCampaigns.status, from)))
      .returning();
    if (!row)
      throw new AppError(
        "CONFLICT",
        to === "closed" && campaign.status === "open"
          ? riskMessages.campaignAlreadyClosed
          : riskMessages.campaignWrongStatus,
      );
    return row;
  }

  app.post(
    "/api/risks/campaigns",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Cria uma campanha em rascunho: questionário, setores, prazo e aviso aos participantes",
        body: campaignInputSchema,
        response: { 201: message },
      },
    },
    async (request, reply) => {
      const { company } = callerOf(request, companyManager);
      const body = request.body;
      await establishmentOf(db, company.id, body.establishmentId, riskMessages.establishmentNotFound);
      if (!findInstrument(body.instrumentId)) throw new AppError("BAD_REQUEST", "Questionário não encontrado.");
      // The company's day, not UTC's: from 21:00 in São Paulo the UTC date is already tomorrow.
      if (body.closesOn < localDay(now(), company.timezone))
        throw new AppError("BAD_REQUEST", riskMessages.campaignCloseDate);
      const sectorIds = [...new Set(body.sectorIds)];
      const found = await db
        .select({ id: riskSectors.id })
        .from(riskSectors)
        .where(and(eq(riskSectors.establishmentId, body.establishmentId), inArray(riskSectors.id, sectorIds)));
      if (found.length !== sectorIds.length) throw new AppError("BAD_REQUEST", riskMessages.sectorNotFound);
      const [row] = await db
        .insert(riskCampaigns)
        .values({
          companyId: company.id,
          establishmentId: body.establishmentId,
          title: body.title,
          instrumentId: body.instrumentId,
          sectorIds,
          closesOn: body.closesOn,
          notice: body.notice,
        })
        .returning({ id: riskCampaigns.id });
      reply.status(201);
      return { message: "Campanha criada em rascunho.", id: row?.id };
    },
  );

  app.post(
    "/api/risks/campaigns/:id/open",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Abre a campanha e envia por e-mail o convite a cada membro dos setores escolhidos",
        params,
        body: companyScopeQuerySchema,
        response: { 200: message },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const campaign = await campaignOf(db, company.id, request.params.id, riskMessages.campaignNotFound);
      const sectors = await db
        .select({ id: riskSectors.id, parentId: riskSectors.parentId })
        .from(riskSectors)
        .where(eq(riskSectors.establishmentId, campaign.establishmentId));
      const scope = [...subtreeOf(sectors, campaign.sectorIds)];
      const invited = await db.transaction(async (tx) => {
        const [opened] = await tx
          .update(riskCampaigns)
          .set({ status: "open", openedAt: sql`now()` })
          .where(and(eq(riskCampaigns.id, campaign.id), eq(riskCampaigns.status, "draft")))
          .returning({ id: riskCampaigns.id });
        if (!opened) throw new AppError("CONFLICT", riskMessages.campaignWrongStatus);
        // Sybils (docs/decisions/040): only people who were members when the campaign was created are
        // invited, so accounts added after it (a manager's own, say) never answer nor count in its figures.
        const people = await tx
          .select({ userId: riskSectorMembers.userId, sectorId: riskSectorMembers.sectorId, email: user.email })
          .from(riskSectorMembers)
          .innerJoin(profiles, eq(profiles.userId, riskSectorMembers.userId))
          .innerJoin(user, eq(user.id, riskSectorMembers.userId))
          .innerJoin(
            companyMemberships,
            and(
              eq(companyMemberships.userId, riskSectorMembers.userId),
              eq(companyMemberships.companyId, company.id),
              isNull(companyMemberships.leftAt),
              lte(companyMemberships.joinedAt, campaign.createdAt),
            ),
          )
          .where(and(eq(profiles.companyId, company.id), inArray(riskSectorMembers.sectorId, scope)));
        if (people.length === 0) throw new AppError("BAD_REQUEST", riskMessages.campaignNobodyInScope);
        await tx
          .insert(riskInvitations)
          .values(
            people.map((person) => ({ campaignId: campaign.id, userId: person.userId, sectorId: person.sectorId })),
          );
        return people;
      });
      const closesOn = formatIsoDay(campaign.closesOn);
      for (const person of invited) {
        await mailer.send(
          riskSurveyMail({ to: person.email, companyName: company.name, closesOn, url: surveyUrl, isReminder: false }),
        );
      }
      return { message: riskMessages.campaignOpened(invited.length) };
    },
  );

  app.post(
    "/api/risks/campaigns/:id/remind",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Envia um lembrete a quem ainda não respondeu (sem revelar a ninguém quem respondeu)",
        params,
        body: companyScopeQuerySchema,
        response: { 200: message },
      },
    },
    async (request, reply) => {
      const { company } = callerOf(request, companyManager);
      const campaign = await campaignOf(db, company.id, request.params.id, riskMessages.campaignNotFound);
      if (campaign.status !== "open") throw new AppError("CONFLICT", riskMessages.campaignWrongStatus);
      const at = now();
      // One job, enqueued: nothing here grows with the number who have not answered (docs/decisions/059).
      const isNew = await enqueueCampaignReminder(db, campaign.id, localDay(at, company.timezone), at);
      if (!isNew) return { message: riskMessages.reminderAlreadySent };
      // Rung once the reply has gone (or the client left), so the job's mails do not share the event loop with it.
      reply.raw.once("close", () => jobBell.ring());
      // No count: how many were reminded is how many have not answered (docs/decisions/040).
      return { message: riskMessages.remindersSent };
    },
  );

  for (const [action, from, to, summary] of [
    ["close", "open", "closed", "Encerra a coleta de respostas"],
    ["publish", "closed", "published", "Publica os resultados agregados para os trabalhadores do estabelecimento"],
  ] as const) {
    app.post(
      `/api/risks/campaigns/:id/${action}`,
      {
        config: { access: companyManager },
        schema: { tags: ["riscos"], summary, params, body: companyScopeQuerySchema, response: { 200: message } },
      },
      async (request) => {
        const { company } = callerOf(request, companyManager);
        await advance(company.id, request.params.id, from, to);
        // Closed: every parked answer joins the results now, however few (docs/decisions/026, section 13).
        if (to === "closed")
          await flushParkedResponses(db, { minGroup: env.PRIVACY_MIN_GROUP, campaignId: request.params.id });
        return { message: to === "closed" ? "Campanha encerrada." : "Resultados publicados." };
      },
    );
  }

  app.get(
    "/api/risks/campaigns/:id/results",
    {
      config: { access: companyManager },
      schema: {
        tags: ["riscos"],
        summary: "Taxa de resposta por setor; depois de encerrada, o mapa de calor setor × dimensão e os 13 perigos",
        params,
        querystring: riskScopeQuerySchema,
        response: { 200: campaignFiguresSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const campaign = await campaignOf(db, company.id, request.params.id, riskMessages.campaignNotFound);
      return {
        campaign: { id: campaign.id, status: campaign.status, title: campaign.title },
        ...(await campaignFigures({ db, privacyKey, minGroup: env.PRIVACY_MIN_GROUP }, campaign)),
      };
    },
  );
}
