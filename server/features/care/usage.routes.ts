/**
 * What a company sees of care (issue 13, docs/decisions/025 and 040): per
 * closed São Paulo month, one figure, through the disclosure layer: how many
 * people had a session held (each person once), with keyed noise, stored,
 * shown or hidden on the noisy count. Never a name, a row, a no-show, a
 * cancellation, or credits used beside sessions held (their difference would
 * be the month's no-shows). The month under way is never read.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { closedMonthsBefore, monthStart, nextMonth } from "#core/care.ts";
import { addDays } from "#core/dates.ts";
import { careUsageSchema } from "#core/schemas/care.ts";
import { companyScopeQuerySchema } from "#core/schemas/team.ts";
import { isGroupWithheld } from "#core/team-metrics.ts";
import type { Db } from "#server/db/client.ts";
import { membershipCovers } from "#server/db/membership-at.ts";
import { appointments, companyMemberships } from "#server/db/schema/index.ts";
import { callerOf, companyManager } from "#server/features/auth/index.ts";
import { disclose } from "#server/features/disclosure/index.ts";

const MONTHS = 6;

/** Was a member of the company when the instant began (the one rule: server/db/membership-at.ts). */
const memberAt = (instant: Date) =>
  membershipCovers(sql`${companyMemberships}`, sql`${instant.toISOString()}::timestamptz`);

/**
 * Who had a session held in the month, once each, among the people who were
 * members before the month began: an account added during the month (a
 * manager's own sybil) is not in that month's figure.
 */
async function peopleWithCare(db: Db, companyId: string, month: string): Promise<string[]> {
  const from = monthStart(month);
  const to = monthStart(nextMonth(month));
  const rows = await db
    .selectDistinct({ memberId: appointments.memberId })
    .from(appointments)
    .innerJoin(
      companyMemberships,
      and(
        eq(companyMemberships.companyId, appointments.companyId),
        eq(companyMemberships.userId, appointments.memberId),
      ),
    )
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.status, "held"),
        gte(appointments.startsAt, from),
        lt(appointments.startsAt, to),
        memberAt(from),
      ),
    );
  return rows.map((row) => row.memberId);
}

/** How many were members when the month began (the same people the figure may count). */
async function membersAt(db: Db, companyId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companyMemberships)
    .where(and(eq(companyMemberships.companyId, companyId), memberAt(monthStart(month))));
  return row?.n ?? 0;
}

export async function careUsageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now, env, privacyKey } = app.deps;
  const minGroup = env.PRIVACY_MIN_GROUP;

  app.get(
    "/api/care/usage",
    {
      config: { access: companyManager },
      schema: {
        tags: ["cuidado"],
        summary:
          "Quantas pessoas tiveram sessão em cada mês encerrado (contagem com ruído e margem; oculta quando pequena)",
        querystring: companyScopeQuerySchema,
        response: { 200: careUsageSchema },
      },
    },
    async (request) => {
      const { company } = callerOf(request, companyManager);
      const months = closedMonthsBefore(now(), MONTHS);
      const members = await Promise.all(months.map((month) => membersAt(db, company.id, month)));
      // A stored figure is returned as released; the people are read only for a month never released before
      // (disclose ignores them otherwise), so reading them every time changes nothing.
      const figures = await disclose(
        db,
        privacyKey,
        company.id,
        minGroup,
        await Promise.all(
          months.map(async (month) => ({
            figure: "careMonth" as const,
            subject: month,
            windowEnd: addDays(`${nextMonth(month)}-01`, -1),
            values: (await peopleWithCare(db, company.id, month)).map(() => 1),
          })),
        ),
      );
      return {
        minGroup,
        months: months.map((month, i) => {
          const figure = figures[i];
          const membersThen = members[i] ?? 0;
          // A company smaller than the minimum group shows nothing, whatever the draw.
          const shown = Boolean(figure?.shown) && !isGroupWithheld(membersThen, minGroup);
          return {
            month,
            shown,
            people: shown ? (figure?.count ?? null) : null,
            margin: figure?.countMargin ?? 0,
            members: membersThen,
          };
        }),
      };
    },
  );
}
