/** The manager dashboard's figures and the reports: aggregates only, moods withheld below the privacy group. */
import { and, desc, eq, gte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { addDays, daysBetween, formatDayPtBR, localDay } from "#core/dates.ts";
import { reportQuerySchema, reportSchema, teamSummarySchema } from "#core/schemas/reports.ts";
import { companyScopeQuerySchema } from "#core/schemas/team.ts";
import { isMoodWithheld, participationPercent } from "#core/team-metrics.ts";
import { profiles } from "#server/db/schema/index.ts";
import { requireRole } from "#server/features/auth/viewer.ts";
import { companyScope } from "#server/features/teams/company-scope.ts";
import { dailyStats, memberCount, periodMood, recentRespondents, seriesOf } from "./company-stats.ts";

export async function insightRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now, env } = app.deps;
  const minGroup = env.PRIVACY_MIN_GROUP;

  app.get(
    "/api/team/summary",
    {
      schema: {
        tags: ["relatórios"],
        summary: "Os números do dashboard do gestor: últimos 7 dias, agregados e anônimos",
        querystring: companyScopeQuerySchema,
        response: { 200: teamSummarySchema },
      },
    },
    async (request) => {
      const viewer = await requireRole(request, "manager", "admin");
      const company = await companyScope(db, viewer, request.query.companyId);
      const today = localDay(now(), viewer.timezone);
      const from = addDays(today, -6);
      const [members, days, respondents, joined] = await Promise.all([
        memberCount(db, company.id),
        dailyStats(db, company.id, from, today),
        recentRespondents(db, company.id, from),
        db
          .select({ id: profiles.id, name: profiles.name, createdAt: profiles.createdAt })
          .from(profiles)
          .where(
            and(
              eq(profiles.companyId, company.id),
              gte(profiles.createdAt, new Date(`${addDays(today, -13)}T00:00:00Z`)),
            ),
          )
          .orderBy(desc(profiles.createdAt))
          .limit(5),
      ]);
      const checkIns = days.reduce((sum, day) => sum + day.checkIns, 0);
      // Withheld unless both the period's respondents and today's members who answered reach the group.
      const mood = await periodMood(db, company.id, days, minGroup);
      // Newest day first; within a day the day's totals come before who joined, whatever the clock says.
      const dayActivities = (["check_ins", "exercises"] as const).flatMap((kind) =>
        days
          .map((day) => ({ day: day.day, n: kind === "check_ins" ? day.checkIns : day.exercises }))
          .filter(({ n }) => n > 0)
          .map(({ day, n }) => ({
            sortKey: `${day} 1`,
            id: `${kind === "check_ins" ? "c" : "e"}-${day}`,
            kind,
            text:
              kind === "check_ins"
                ? `${n} ${n === 1 ? "check-in realizado" : "check-ins realizados"} em ${formatDayPtBR(day)}`
                : `${n} ${n === 1 ? "exercício concluído" : "exercícios concluídos"} em ${formatDayPtBR(day)}`,
            at: `${day}T12:00:00.000Z`,
          })),
      );
      const joinedActivities = joined.map((person) => ({
        sortKey: `${localDay(person.createdAt, viewer.timezone)} 0 ${person.createdAt.toISOString()}`,
        id: `j-${person.id}`,
        kind: "joined" as const,
        text: `${person.name} entrou na equipe`,
        at: person.createdAt.toISOString(),
      }));
      const activities = [...dayActivities, ...joinedActivities]
        .sort((a, b) => b.sortKey.localeCompare(a.sortKey))
        .slice(0, 10)
        .map(({ sortKey: _, ...activity }) => activity);
      return {
        company: { id: company.id, name: company.name },
        totalMembers: members,
        checkInsToday: days[days.length - 1]?.checkIns ?? 0,
        participation7d: participationPercent(checkIns, members, 7),
        respondents7d: respondents,
        averageMood7d: isMoodWithheld(respondents, minGroup) ? null : mood.averageMood,
        minGroup,
        activities,
      };
    },
  );

  app.get(
    "/api/reports",
    {
      schema: {
        tags: ["relatórios"],
        summary: "Relatório de um período: participação, humor médio (quando há pessoas suficientes) e séries diárias",
        querystring: reportQuerySchema,
        response: { 200: reportSchema },
      },
    },
    async (request) => {
      const viewer = await requireRole(request, "manager", "admin");
      const company = await companyScope(db, viewer, request.query.companyId);
      const period = request.query.period;
      const to = localDay(now(), viewer.timezone);
      const from = period === "ytd" ? `${to.slice(0, 4)}-01-01` : addDays(to, -(Number.parseInt(period, 10) - 1));
      const length = daysBetween(from, to);
      const [members, days] = await Promise.all([memberCount(db, company.id), dailyStats(db, company.id, from, to)]);
      const mood = await periodMood(db, company.id, days, minGroup);
      const checkIns = days.reduce((sum, day) => sum + day.checkIns, 0);
      return {
        company: { id: company.id, name: company.name },
        period,
        from,
        to,
        days: length,
        members,
        checkIns,
        exercisesCompleted: days.reduce((sum, day) => sum + day.exercises, 0),
        participation: participationPercent(checkIns, members, length),
        averageMood: mood.averageMood,
        minGroup,
        series: seriesOf(days, members, minGroup),
      };
    },
  );
}
