/**
 * The admin's care rule per company (docs/decisions/025, 039): sessions per cycle, which take effect from the
 * end of the cycle in force, and the late-cancellation rule, which takes effect at once.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { cycleEnd, cycleStart, ruleChangeDay } from "#core/care.ts";
import { companyIdParamsSchema } from "#core/schemas/admin.ts";
import { careSettingsInputSchema, companyCareRuleSchema } from "#core/schemas/care.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Db } from "#server/db/client.ts";
import { careSettings, companies } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import { writeAudit } from "#server/features/audit/index.ts";
import { admin, callerOf } from "#server/features/auth/index.ts";
import { careRuleOf } from "./credits.ts";

export async function companyCareRuleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  /** What the admin reads of a company's rule at `at`: in force, its cycle, and what is pending. */
  async function ruleView(tx: Db, companyId: string, at: Date) {
    const rule = await careRuleOf(tx, companyId, at);
    const start = cycleStart(at, rule.cycle);
    return { ...rule, cycleStart: start, cycleEnd: cycleEnd(start, rule.cycle) };
  }

  app.get(
    "/api/admin/companies/:id/care",
    {
      config: { access: admin },
      schema: {
        tags: ["cuidado"],
        summary:
          "As regras de sessões da empresa em vigor (ou o padrão do plano) e a mudança que aguarda o próximo ciclo",
        params: companyIdParamsSchema,
        response: { 200: companyCareRuleSchema },
      },
    },
    async (request) => {
      callerOf(request, admin);
      return ruleView(db, request.params.id, now());
    },
  );

  app.put(
    "/api/admin/companies/:id/care",
    {
      config: { access: admin },
      schema: {
        tags: ["cuidado"],
        summary:
          "Define sessões por pessoa por ciclo (valem a partir do fim do ciclo em vigor) e a regra de cancelamento tardio (vale já)",
        params: companyIdParamsSchema,
        body: careSettingsInputSchema,
        response: { 200: companyCareRuleSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, admin);
      const at = now();
      const input = request.body;
      return db.transaction(async (tx) => {
        // Two changes at once are settled one after the other: each reads the rule the other left.
        const [company] = await tx
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.id, request.params.id))
          .for("update");
        if (!company) throw new AppError("NOT_FOUND", serverMessages.companyNotFound);
        // The rule in force now (a pending change whose day has come included) stays until its cycle ends; the
        // new one waits as the pending change, replacing any earlier one. The same as in force: nothing waits.
        const inForce = await careRuleOf(tx, company.id, at);
        const unchanged = input.sessionsPerCycle === inForce.sessionsPerCycle && input.cycle === inForce.cycle;
        const keep = unchanged || !inForce.isPlanDefault;
        const values = {
          sessionsPerCycle: keep ? inForce.sessionsPerCycle : null,
          cycle: keep ? inForce.cycle : null,
          lateCancelConsumes: input.lateCancelConsumes,
          nextSessionsPerCycle: unchanged ? null : input.sessionsPerCycle,
          nextCycle: unchanged ? null : input.cycle,
          nextFrom: unchanged ? null : ruleChangeDay(at, inForce.cycle, input.cycle),
          updatedAt: at,
        };
        await tx
          .insert(careSettings)
          .values({ companyId: company.id, ...values })
          .onConflictDoUpdate({ target: careSettings.companyId, set: values });
        await writeAudit(tx, viewer, "care.settings", {
          type: "company",
          id: company.id,
          companyId: company.id,
          details: { ...input, from: values.nextFrom },
        });
        return ruleView(tx, company.id, at);
      });
    },
  );
}
