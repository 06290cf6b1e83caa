/** The Lei 14.831 dossier as one object (docs/decisions/094): every criterion of art. 3 with what Sereno holds. */
import { asc, desc, eq, inArray } from "drizzle-orm";
import { addMonths } from "#core/date-input.ts";
import { type IsoDay, localDay } from "#core/dates.ts";
import { goalMetrics, LAW_14831_SOURCE, law14831Article3 } from "#core/dossier.ts";
import type { Dossier } from "#core/schemas/dossier.ts";
import type { Db } from "#server/db/client.ts";
import { companyNotices, mentalHealthGoalReviews, mentalHealthGoals } from "#server/db/schema/index.ts";
import { harassmentFile } from "#server/features/compliance/index.ts";
import { readResultados } from "#server/features/resultados/index.ts";
import { actionCounts, evidenceOf, sessionsHeld, verdictCounts } from "./evidence.ts";

type Deps = { db: Db; privacyKey: Buffer; minGroup: number };
type Company = { id: string; name: string; timezone: string; createdAt: Date };

export async function companyNoticeList(db: Db, company: { id: string; timezone: string }) {
  const rows = await db
    .select()
    .from(companyNotices)
    .where(eq(companyNotices.companyId, company.id))
    .orderBy(desc(companyNotices.publishedAt));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    publishedOn: localDay(row.publishedAt, company.timezone),
  }));
}

/** A goal's next review: the first planned day after its last review (or today), on its interval. */
function nextReview(first: IsoDay, months: number, after: IsoDay): IsoDay {
  let day = first;
  while (day <= after) day = addMonths(day, months);
  return day;
}

async function companyGoals(db: Db, companyId: string, today: IsoDay): Promise<Dossier["goals"]> {
  const goals = await db
    .select()
    .from(mentalHealthGoals)
    .where(eq(mentalHealthGoals.companyId, companyId))
    .orderBy(asc(mentalHealthGoals.createdAt));
  const reviews = goals.length
    ? await db
        .select()
        .from(mentalHealthGoalReviews)
        .where(
          inArray(
            mentalHealthGoalReviews.goalId,
            goals.map((goal) => goal.id),
          ),
        )
        .orderBy(asc(mentalHealthGoalReviews.reviewedOn))
    : [];
  return goals.map((goal) => {
    const own = reviews.filter((review) => review.goalId === goal.id);
    const last = own.at(-1)?.reviewedOn;
    const after = last && last > today ? last : today;
    return {
      id: goal.id,
      metric: goal.metric,
      metricLabel: goalMetrics[goal.metric].label,
      target: goal.target,
      reviewEveryMonths: goal.reviewEveryMonths,
      nextReviewOn:
        goal.firstReviewOn > after ? goal.firstReviewOn : nextReview(goal.firstReviewOn, goal.reviewEveryMonths, after),
      reviews: own.map((review) => ({ reviewedOn: review.reviewedOn, note: review.note })),
    };
  });
}

export async function readDossier(deps: Deps, company: Company, now: Date): Promise<Dossier> {
  const today = localDay(now, company.timezone);
  const [file, resultados, held, verdicts, actions, goals, notices] = await Promise.all([
    harassmentFile(deps, company, today),
    readResultados(deps.db, deps.privacyKey, company, now, deps.minGroup),
    sessionsHeld(deps.db, company.id, now),
    verdictCounts(deps.db, company.id),
    actionCounts(deps.db, company.id),
    companyGoals(deps.db, company.id, today),
    companyNoticeList(deps.db, company),
  ]);
  const inputs = { held, file, resultados, verdicts, actions, goals, notices, today };
  return {
    companyName: company.name,
    issuedOn: today,
    source: LAW_14831_SOURCE,
    criteria: law14831Article3.map((criterion) => ({
      id: criterion.id,
      label: criterion.label,
      text: criterion.text,
      evidence: criterion.sources.flatMap((source) => evidenceOf[source](inputs)),
    })),
    goals,
    notices,
  };
}
