/**
 * The manager dashboard's figures and the reports: aggregates only, every
 * mood figure from closed, published days (docs/decisions/014). Each read is
 * recorded in the audit log.
 */
import { and, desc, eq, gte, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { addDays, laterDay, localDay } from "#core/dates.ts";
import { countOf, formatDayPtBR } from "#core/format.ts";
import {
  type Report,
  type ReportQuery,
  reportQuerySchema,
  reportSchema,
  teamInsightsSchema,
  teamSummarySchema,
} from "#core/schemas/reports.ts";
import { companyScopeQuerySchema } from "#core/schemas/team.ts";
import { participationPercent, periodMoodOf } from "#core/team-metrics.ts";
import { companyMemberships, profiles } from "#server/db/schema/index.ts";
import type { Company } from "#server/features/auth/index.ts";
import { companyManagerRemembered, consumeFileLimit } from "#server/features/auth/index.ts";
import { enqueueJob } from "#server/jobs/runner.ts";
import { auditedRead } from "./audited-read.ts";
import { buildReport, companyFirstDay, companyToday, dailyCounts, recentRespondents } from "./company-stats.ts";
import { PUBLISH_JOB } from "./publish-closed-days.ts";
import { grainsOfMonths, membershipsEndedSince, publishedDays } from "./published-buckets.ts";
import { reportCache } from "./report-cache.ts";
import { buildReportCsv, reportCsvFilename } from "./reports-csv.ts";
import { sharedReads } from "./shared-reads.ts";
import { teamInsights } from "./team-insights.ts";

export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now, env, jobBell } = app.deps;
  const minGroup = env.PRIVACY_MIN_GROUP;
  const share = sharedReads();

  const reports = reportCache();
  /** Companies whose publishing this process already asked for today: one job row per company and day. */
  const woken = new Set<string>();

  /**
   * A read found closed days not yet published: it answers with what is published, and asks the job
   * to publish this company now (issue 37), instead of publishing on the reader's path.
   */
  async function wakePublisher(company: Company, today: string, preparingDays: number) {
    if (preparingDays === 0) return;
    const key = `wake:${company.id}|${today}`;
    if (woken.has(key)) return;
    if (woken.size > 10_000) woken.clear();
    woken.add(key);
    await enqueueJob(db, { name: PUBLISH_JOB, key, runAt: now(), payload: { companyId: company.id } });
    jobBell.ring();
  }

  /** A period's report for a manager or admin, the read recorded in the audit log (the screen and the CSV alike). */
  async function auditedReport(
    request: FastifyRequest<{ Querystring: ReportQuery }>,
    action: "report.view" | "report.export",
  ) {
    const { period } = request.query;
    const { viewer, company } = await auditedRead(request, action, { period });
    const at = now();
    const key = `${company.id}|${company.timezone}|${period}|${companyToday(company, at)}`;
    return {
      viewer,
      company,
      key,
      today: companyToday(company, at),
      build: () => buildReport(db, company, period, at, minGroup),
    };
  }

  /** The manager dashboard's figures: the last 7 days, aggregated (spec 5; docs/decisions/014). */
  async function teamSummary(company: Company, at: Date) {
    const today = companyToday(company, at);
    const firstDay = companyFirstDay(company);
    const from = laterDay(addDays(today, -6), firstDay);
    const [moodFrom, moodTo] = [laterDay(addDays(today, -7), firstDay), addDays(today, -1)];
    const [days, published, leftToday, respondents, joined, grains] = await Promise.all([
      dailyCounts(db, company.id, from, today),
      publishedDays(db, company, moodFrom, moodTo),
      membershipsEndedSince(db, company, today),
      recentRespondents(db, company.id, from),
      // Who joined in the last two weeks and is still here, from the membership history (indexed by company, date).
      db
        .select({ id: companyMemberships.id, name: profiles.name, createdAt: companyMemberships.joinedAt })
        .from(companyMemberships)
        .innerJoin(profiles, eq(profiles.userId, companyMemberships.userId))
        .where(
          and(
            eq(companyMemberships.companyId, company.id),
            isNull(companyMemberships.leftAt),
            gte(companyMemberships.joinedAt, new Date(`${addDays(today, -13)}T00:00:00Z`)),
          ),
        )
        .orderBy(desc(companyMemberships.joinedAt))
        .limit(5),
      grainsOfMonths(db, company, [today]),
    ]);
    const checkIns = days.reduce((sum, day) => sum + day.checkIns, 0);
    const mood = periodMoodOf(published.days);
    // Each day's members: the closed days as they were published, today those here now and those who left
    // today; a closed day not published yet counts those here now, until it is.
    const closedInWindow = published.days.filter((day) => day.day >= from);
    const memberDays =
      closedInWindow.reduce((sum, day) => sum + day.members, 0) +
      (days.length - 1 - closedInWindow.length) * company.memberCount +
      company.memberCount +
      leftToday;
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
              ? `${countOf(n, "check-in realizado", "check-ins realizados")} em ${formatDayPtBR(day)}`
              : `${countOf(n, "exercício concluído", "exercícios concluídos")} em ${formatDayPtBR(day)}`,
          at: `${day}T12:00:00.000Z`,
        })),
    );
    const joinedActivities = joined.map((person) => ({
      sortKey: `${localDay(person.createdAt, company.timezone)} 0 ${person.createdAt.toISOString()}`,
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
      totalMembers: company.memberCount,
      checkInsToday: days[days.length - 1]?.checkIns ?? 0,
      participation7d: participationPercent(checkIns, memberDays),
      respondents7d: respondents,
      averageMood7d: mood.averageMood,
      averageMood7dMargin: mood.margin,
      moodFrom,
      moodTo,
      moodDays7d: mood.moodDays,
      minGroup,
      grain: grains.get(today.slice(0, 7)) ?? "day",
      preparingDays: published.preparing,
      activities,
    };
  }

  app.get(
    "/api/team/summary",
    {
      config: { access: companyManagerRemembered },
      schema: {
        tags: ["relatórios"],
        summary: "Os números do dashboard do gestor: últimos 7 dias, agregados e anônimos",
        querystring: companyScopeQuerySchema,
        response: { 200: teamSummarySchema },
      },
    },
    async (request) => {
      const { company } = await auditedRead(request, "summary.view");
      const at = now();
      const today = companyToday(company, at);
      const summary = await share(`summary|${company.id}|${today}`, () => teamSummary(company, at));
      await wakePublisher(company, today, summary.preparingDays);
      return summary;
    },
  );

  app.get(
    "/api/reports",
    {
      config: { access: companyManagerRemembered },
      schema: {
        tags: ["relatórios"],
        summary: "Relatório de um período: participação, humor médio (quando há pessoas suficientes) e séries diárias",
        querystring: reportQuerySchema,
        response: { 200: reportSchema },
      },
    },
    async (request, reply) => {
      const { company, key, today, build } = await auditedReport(request, "report.view");
      // Already JSON, checked against reportSchema when it was kept (report-cache.ts): sent as it is.
      const { json, preparingDays } = await reports.json(company, key, build);
      await wakePublisher(company, today, preparingDays);
      return reply.type("application/json; charset=utf-8").send(json as unknown as Report);
    },
  );

  app.get(
    "/api/reports/export.csv",
    {
      config: { access: companyManagerRemembered },
      schema: {
        tags: ["relatórios"],
        summary: "O relatório do período em CSV: uma linha por dia, só números do grupo",
        querystring: reportQuerySchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const { viewer, company, key, today, build } = await auditedReport(request, "report.export");
      await consumeFileLimit(db, "csv", { userId: viewer.userId, companyId: company.id });
      const report = await reports.report(company, key, build);
      await wakePublisher(company, today, report.preparingDays);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${reportCsvFilename(company.name, report.period)}"`)
        .send(buildReportCsv(report));
    },
  );

  app.get(
    "/api/reports/insights",
    {
      config: { access: companyManagerRemembered },
      schema: {
        tags: ["relatórios"],
        summary: "Insights da equipe: achados estatísticos dos últimos 90 dias publicados, com o teste de cada um",
        querystring: companyScopeQuerySchema,
        response: { 200: teamInsightsSchema },
      },
    },
    async (request) => {
      const { company } = await auditedRead(request, "report.view", { period: "insights" });
      const at = now();
      const today = companyToday(company, at);
      const insights = await share(`insights|${company.id}|${today}`, () => teamInsights(db, company, at, minGroup));
      await wakePublisher(company, today, insights.preparingDays);
      return insights;
    },
  );
}
