/**
 * What a company sees of care (issue 13, docs/decisions/025): per closed
 * month, counts only, each withheld below PRIVACY_MIN_GROUP people with the
 * rule every aggregate uses (core/team-metrics.ts). Never a name, a row, a
 * no-show or a reason. The month under way is never shown: a figure that
 * moved while a manager watched would tell them a colleague just had a
 * session, as a live mood figure would (docs/decisions/014).
 */
import { and, count, countDistinct, eq, gte, sql, sum } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { careUsageSchema } from "#core/schemas/care.ts";
import { companyScopeQuerySchema } from "#core/schemas/team.ts";
import { isMoodWithheld } from "#core/team-metrics.ts";
import { appointments, creditLedger } from "#server/db/schema/index.ts";
import { requireCompanyManager } from "#server/features/auth/viewer.ts";

const MONTHS = 6;

/** The `months` closed months before the one `at` falls in, oldest first. */
function closedMonthsBefore(at: Date, months: number): string[] {
  const list: string[] = [];
  const sp = new Date(at.getTime() - 3 * 3_600_000); // São Paulo, UTC−3 all year since 2019
  for (let i = months; i >= 1; i--) {
    const total = sp.getUTCFullYear() * 12 + sp.getUTCMonth() - i;
    list.push(`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, "0")}`);
  }
  return list;
}

export async function careUsageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now, env } = app.deps;
  const minGroup = env.PRIVACY_MIN_GROUP;

  app.get(
    "/api/care/usage",
    {
      schema: {
        tags: ["cuidado"],
        summary: "Uso do apoio psicológico por mês (só contagens; abaixo do grupo mínimo, ocultas)",
        querystring: companyScopeQuerySchema,
        response: { 200: careUsageSchema },
      },
    },
    async (request) => {
      const { company } = await requireCompanyManager(request, request.query.companyId);
      const months = closedMonthsBefore(now(), MONTHS);
      const since = `${months[0]}-01`;
      const monthOf = (column: typeof appointments.startsAt | typeof creditLedger.createdAt) =>
        sql<string>`to_char(${column} at time zone 'America/Sao_Paulo', 'YYYY-MM')`;
      const held = await db
        .select({
          month: monthOf(appointments.startsAt),
          sessions: count(),
          people: countDistinct(appointments.memberId),
        })
        .from(appointments)
        .where(
          and(
            eq(appointments.companyId, company.id),
            eq(appointments.status, "held"),
            gte(appointments.startsAt, sql`${since}::date`),
          ),
        )
        .groupBy(monthOf(appointments.startsAt));
      const ledger = await db
        .select({
          month: monthOf(creditLedger.createdAt),
          kind: creditLedger.kind,
          entries: count(),
          amount: sum(creditLedger.amount).mapWith(Number),
          people: countDistinct(creditLedger.memberId),
        })
        .from(creditLedger)
        .where(and(eq(creditLedger.companyId, company.id), gte(creditLedger.createdAt, sql`${since}::date`)))
        .groupBy(monthOf(creditLedger.createdAt), creditLedger.kind);
      const members = company.memberCount;
      const shown = (value: number, people: number) =>
        isMoodWithheld(people, minGroup) || isMoodWithheld(members, minGroup) ? null : value;
      return {
        minGroup,
        // Rows of the month under way are read and dropped: only the closed months are listed.
        months: months.map((month) => {
          const sessions = held.find((row) => row.month === month);
          const used = ledger.find((row) => row.month === month && row.kind === "consume");
          const granted = ledger.find((row) => row.month === month && row.kind === "grant");
          const users = sessions?.people ?? 0;
          return {
            month,
            sessionsHeld: shown(sessions?.sessions ?? 0, users),
            creditsUsed: shown(used?.entries ?? 0, used?.people ?? 0),
            creditsGranted: shown(granted?.amount ?? 0, granted?.people ?? 0),
            usedShare: members > 0 ? shown(Math.round((users / members) * 1000) / 10, users) : null,
          };
        }),
      };
    },
  );
}
