/**
 * /api/risks/survey: the member's side. Answering marks the invitation and
 * stores the answers in one transaction, with no column linking the two
 * (docs/decisions/026): the response row holds the sector and the ISO week only.
 * One person answers at most 4 questionnaires in 12 months (docs/decisions/040, "Budget").
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { missingAnswersMessage } from "#core/messages.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { answersProblem, findInstrument, isoWeekMonday, scoreAnswers } from "#core/risks.ts";
import { openSurveySchema } from "#core/schemas/risk-responses.ts";
import { surveyAnswersInputSchema } from "#core/schemas/risks.ts";
import { companies, riskCampaigns, riskInvitations, riskParkedResponses } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { callerOf, signedIn } from "#server/features/auth/index.ts";
import { hasBudgetFor } from "#server/features/disclosure/index.ts";

const params = z.object({ id: z.uuid({ error: riskMessages.surveyNotInvited }) }).strict();

export async function surveyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.get(
    "/api/risks/survey",
    {
      config: { access: signedIn },
      schema: {
        tags: ["riscos"],
        summary: "A pesquisa de riscos psicossociais aberta para quem pede (se foi convidado e ainda não respondeu)",
        response: { 200: openSurveySchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const [open] = await db
        .select({ campaign: riskCampaigns, companyName: companies.name })
        .from(riskInvitations)
        .innerJoin(riskCampaigns, eq(riskCampaigns.id, riskInvitations.campaignId))
        .innerJoin(companies, eq(companies.id, riskCampaigns.companyId))
        .where(
          and(
            eq(riskInvitations.userId, viewer.userId),
            eq(riskInvitations.hasAnswered, false),
            eq(riskCampaigns.status, "open"),
          ),
        )
        .orderBy(asc(riskCampaigns.closesOn))
        .limit(1);
      const instrument = open ? findInstrument(open.campaign.instrumentId) : undefined;
      // A fifth questionnaire in 12 months is not asked for (docs/decisions/040, "Budget").
      if (!open || !instrument || !(await hasBudgetFor(db, viewer.userId, "riskCampaigns", now()))) {
        return { survey: null };
      }
      return {
        survey: {
          id: open.campaign.id,
          title: open.campaign.title,
          companyName: open.companyName,
          notice: open.campaign.notice,
          closesOn: open.campaign.closesOn,
          instrument: {
            key: open.campaign.instrumentId,
            title: instrument.title,
            licence: instrument.licence,
            scales: instrument.scales,
            items: instrument.items.map(({ id, text, scale }) => ({ id, text, scale })),
          },
        },
      };
    },
  );

  app.post(
    "/api/risks/survey/:id",
    {
      config: { access: signedIn },
      schema: {
        tags: ["riscos"],
        summary: "Envia as respostas, anônimas: uma vez por pessoa convidada",
        params,
        body: surveyAnswersInputSchema,
        response: { 201: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewer = callerOf(request, signedIn);
      const [campaign] = await db.select().from(riskCampaigns).where(eq(riskCampaigns.id, request.params.id));
      const instrument = campaign ? findInstrument(campaign.instrumentId) : undefined;
      if (!campaign || !instrument) throw new AppError("NOT_FOUND", riskMessages.surveyNotInvited);
      // The same refusal as every questionnaire's, naming the unanswered questions (core/messages.ts).
      const missing = instrument.items.flatMap((item, index) =>
        request.body.answers[item.id] === undefined ? [index + 1] : [],
      );
      if (missing.length > 0) throw new AppError("BAD_REQUEST", missingAnswersMessage(missing));
      if (answersProblem(instrument, request.body.answers))
        throw new AppError("BAD_REQUEST", riskMessages.surveyAnswerInvalid);
      if (!(await hasBudgetFor(db, viewer.userId, "riskCampaigns", now())))
        throw new AppError("CONFLICT", riskMessages.surveyYearLimit);
      await db.transaction(async (tx) => {
        // The conditional update is the lock: of two submissions at once, one finds has_answered already true.
        const [marked] = await tx
          .update(riskInvitations)
          .set({ hasAnswered: true })
          .where(
            and(
              eq(riskInvitations.campaignId, campaign.id),
              eq(riskInvitations.userId, viewer.userId),
              eq(riskInvitations.hasAnswered, false),
              inArray(
                riskInvitations.campaignId,
                tx.select({ id: riskCampaigns.id }).from(riskCampaigns).where(eq(riskCampaigns.status, "open")),
              ),
            ),
          )
          .returning({ sectorId: riskInvitations.sectorId });
        if (!marked) {
          const [invitation] = await tx
            .select({ hasAnswered: riskInvitations.hasAnswered })
            .from(riskInvitations)
            .where(and(eq(riskInvitations.campaignId, campaign.id), eq(riskInvitations.userId, viewer.userId)));
          if (invitation?.hasAnswered) throw new AppError("CONFLICT", riskMessages.surveyAlreadyAnswered);
          if (invitation) throw new AppError("CONFLICT", riskMessages.campaignWrongStatus);
          throw new AppError("NOT_FOUND", riskMessages.surveyNotInvited);
        }
        // Parked, not yet an answer: the job runner moves it to risk_responses in a batch of at least k
        // (docs/decisions/026, section 13), so it shares no transaction with this invitation update.
        await tx.insert(riskParkedResponses).values({
          campaignId: campaign.id,
          sectorId: marked.sectorId,
          isoWeek: isoWeekMonday(now()),
          answers: request.body.answers,
          scores: scoreAnswers(instrument, request.body.answers),
        });
      });
      reply.status(201);
      return { message: riskMessages.surveyThanks };
    },
  );
}
