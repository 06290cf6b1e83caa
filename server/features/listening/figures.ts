/**
 * The Canal de escuta's figures (docs/decisions/049): for each closed quarter,
 * the cases received by category and by status, each a count released once
 * through the disclosure layer (040). A status count is the status when the
 * quarter is first read after it closed, then it stays as released.
 */
import { and, eq, gte, lte } from "drizzle-orm";
import type { IsoDay } from "#core/dates.ts";
import { formatNumber } from "#core/format.ts";
import { caseCategories, caseCategoryIds, caseStatusIds, closedQuarters, type Quarter } from "#core/listening.ts";
import type { ListeningFigures } from "#core/schemas/listening.ts";
import type { Db } from "#server/db/client.ts";
import { listeningCases } from "#server/db/schema/index.ts";
import { type Disclosed, disclose } from "#server/features/disclosure/index.ts";

type Options = { db: Db; privacyKey: Buffer; minGroup: number };
type Cell = ListeningFigures["quarters"][number]["byCategory"][string];

const cellOf = (figure: Disclosed): Cell => ({ shown: figure.shown, count: figure.count, margin: figure.countMargin });

async function quarterFigures(options: Options, companyId: string, quarter: Quarter) {
  const rows = await options.db
    .select({ category: listeningCases.category, status: listeningCases.status })
    .from(listeningCases)
    .where(
      and(
        eq(listeningCases.companyId, companyId),
        gte(listeningCases.receivedOn, quarter.from),
        lte(listeningCases.receivedOn, quarter.to),
      ),
    );
  const ones = (match: (row: (typeof rows)[number]) => boolean) => rows.filter(match).map(() => 1);
  const requests = [
    ...caseCategoryIds.map((category) => ({
      figure: "listeningCount" as const,
      subject: `${quarter.id}|categoria|${category}`,
      windowEnd: quarter.to,
      values: ones((row) => row.category === category),
    })),
    ...caseStatusIds.map((status) => ({
      figure: "listeningCount" as const,
      subject: `${quarter.id}|situacao|${status}`,
      windowEnd: quarter.to,
      values: ones((row) => row.status === status),
    })),
  ];
  const released = await disclose(options.db, options.privacyKey, companyId, options.minGroup, requests);
  const byCategory = Object.fromEntries(caseCategoryIds.map((id, i) => [id, cellOf(released[i] as Disclosed)]));
  const byStatus = Object.fromEntries(
    caseStatusIds.map((id, i) => [id, cellOf(released[caseCategoryIds.length + i] as Disclosed)]),
  );
  return { id: quarter.id, label: quarter.label, byCategory, byStatus };
}

export async function listeningFigures(
  options: Options,
  companyId: string,
  today: IsoDay,
  count = 4,
): Promise<ListeningFigures> {
  const quarters = [];
  for (const quarter of closedQuarters(today, count)) quarters.push(await quarterFigures(options, companyId, quarter));
  return { minGroup: options.minGroup, quarters };
}

/**
 * NR-1 inventory line d (1.5.7.3.2 d): the last closed quarter's shown category counts, as a sentence
 * per hazard their categories feed. Hidden counts say nothing (not even that they are hidden).
 */
export async function listeningMonitoring(
  options: Options,
  companyId: string,
  today: IsoDay,
): Promise<Map<string, string>> {
  const [quarter] = (await listeningFigures(options, companyId, today, 1)).quarters;
  const byHazard = new Map<string, string[]>();
  if (!quarter) return new Map();
  for (const id of caseCategoryIds) {
    const cell = quarter.byCategory[id];
    if (!cell?.shown || cell.count === null) continue;
    const { hazard, label } = caseCategories[id];
    byHazard.set(hazard, [
      ...(byHazard.get(hazard) ?? []),
      `${label.toLowerCase()}: cerca de ${formatNumber(cell.count)}`,
    ]);
  }
  return new Map(
    [...byHazard].map(([hazard, parts]) => [hazard, `Canal de escuta, ${quarter.label}: ${parts.join("; ")}.`]),
  );
}
