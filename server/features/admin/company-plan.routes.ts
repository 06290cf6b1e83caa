/**
 * An admin moves a company to another plan (issue 45, docs/decisions/058): a company grows into a bigger
 * plan keeping its history, instead of a new company. A plan smaller than the seats in use is refused,
 * so no invitation already sent can push the company past its plan; every change is in the Registro de
 * acessos with the seats before and after.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { planBelowSeatsMessage, planChangedMessage, samePlanMessage } from "#core/admin-messages.ts";
import { planDetails, plans } from "#core/plans.ts";
import { changePlanInputSchema, companyIdParamsSchema } from "#core/schemas/admin.ts";
import { serverMessages } from "#core/server-messages.ts";
import { companies } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { seatsUsed } from "#server/features/invites/index.ts";

export async function companyPlanRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.patch(
    "/api/admin/companies/:id/plan",
    {
      config: { access: admin },
      schema: {
        tags: ["admin"],
        summary:
          "Muda o plano da empresa; um plano com menos vagas do que as em uso (membros, convites pendentes, pessoas aguardando ativação) é recusado",
        params: companyIdParamsSchema,
        body: changePlanInputSchema,
        response: {
          200: z.object({
            message: z.string(),
            plan: z.enum(plans),
            seatsUsed: z.number().int(),
            seatLimit: z.number().int(),
          }),
        },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const next = request.body.plan;
      return db.transaction(async (tx) => {
        // The same lock as createInvite's (server/features/invites/invites.ts): no invitation slips in
        // between counting the seats and the smaller plan.
        const [company] = await tx.select().from(companies).where(eq(companies.id, request.params.id)).for("update");
        if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
        const { label, memberLimit } = planDetails[next];
        if (company.plan === next) throw new AppError("CONFLICT", samePlanMessage(label));
        const used = await seatsUsed(tx, company.id);
        if (used > memberLimit) throw new AppError("CONFLICT", planBelowSeatsMessage(used, memberLimit, label));
        await tx.update(companies).set({ plan: next }).where(eq(companies.id, company.id));
        await writeAudit(tx, viewer, "company.plan", {
          type: "company",
          id: company.id,
          companyId: company.id,
          details: {
            from: company.plan,
            to: next,
            seatsUsed: used,
            seatsBefore: planDetails[company.plan].memberLimit,
            seatsAfter: memberLimit,
          },
        });
        return { message: planChangedMessage(label), plan: next, seatsUsed: used, seatLimit: memberLimit };
      });
    },
  );
}
