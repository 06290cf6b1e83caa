/**
 * Publishing Resultados (docs/decisions/041, 088): the `publish-resultados` job releases, through the one
 * disclosure layer, each closed month's adoption and each closed quarter's wellbeing and care figures that
 * were never released. Readers (the page, the documents, the feed) read the stored figures only, so a
 * 50,000-person company's page costs a few indexed reads, and no read touches a person's data.
 */
import { localDay } from "#core/dates.ts";
import {
  CARE_MIN_GROUP,
  closedMonthsSince,
  closedQuartersSince,
  hasRecovered,
  isReliablyImproved,
  monthEndDay,
  monthStartDay,
  quarterEndDay,
  quarterStartDay,
  startedAtCaseness,
  waitBucketOf,
  waitBuckets,
} from "#core/resultados.ts";
import type { Db } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";
import { disclose, type FigureRequest, readDisclosed } from "#server/features/disclosure/index.ts";
import { adoptionValues, type Company, careValues, who5Values } from "./window-values.ts";

export const PUBLISH_RESULTADOS_JOB = "publish-resultados";

const ones = (n: number) => Array.from({ length: n }, () => 1);
const flag = (value: boolean) => (value ? 1 : 0);

export type CompanyWindows = { company: Company; months: string[]; quarters: string[] };

/** The closed windows a company's Resultados lists, newest first. */
export function windowsOf(company: Company & { createdAt: Date }, now: Date): CompanyWindows {
  const today = localDay(now, company.timezone);
  const firstDay = localDay(company.createdAt, company.timezone);
  return { company, months: closedMonthsSince(today, firstDay), quarters: closedQuartersSince(today, firstDay) };
}

/** The company's first quarter whose WHO-5 figure was shown: the baseline each person's change is paired on. */
export async function baselineQuarter(db: Db, companyId: string, quarters: readonly string[]) {
  const stored = await readDisclosed(db, companyId, "who5Quarter", quarters);
  return [...quarters].reverse().find((quarter) => stored.get(quarter)?.shown) ?? null;
}

/** Releases one company's unreleased closed windows; returns how many windows it released. */
async function publishCompany(db: Db, key: Buffer, windows: CompanyWindows, minGroup: number): Promise<number> {
  const { company } = windows;
  const adopted = await readDisclosed(
    db,
    company.id,
    "adoptionMonth",
    windows.months.map((month) => `active|${month}`),
  );
  let released = 0;
  // Oldest first, so a quarter's baseline is released before the quarters paired on it.
  for (const month of windows.months.filter((month) => !adopted.has(`active|${month}`)).reverse()) {
    const values = await adoptionValues(db, company, monthStartDay(month), monthEndDay(month));
    const windowEnd = monthEndDay(month);
    await disclose(db, key, company.id, minGroup, [
      { figure: "adoptionMonth", subject: `activated|${month}`, windowEnd, values: ones(values.activated) },
      { figure: "adoptionMonth", subject: `active|${month}`, windowEnd, values: ones(values.active) },
      { figure: "adoptionMonth", subject: `steady|${month}`, windowEnd, values: ones(values.steady) },
    ]);
    released += 1;
  }
  const published = await readDisclosed(db, company.id, "careSessions", windows.quarters);
  for (const quarter of windows.quarters.filter((quarter) => !published.has(quarter)).reverse()) {
    await publishQuarter(db, key, windows, quarter, minGroup);
    released += 1;
  }
  return released;
}

async function publishQuarter(db: Db, key: Buffer, windows: CompanyWindows, quarter: string, minGroup: number) {
  const { company } = windows;
  const from = quarterStartDay(quarter);
  const windowEnd = quarterEndDay(quarter);
  const scores = await who5Values(db, company, from, windowEnd);
  const wellbeing: FigureRequest[] = [
    { figure: "who5Quarter", subject: quarter, windowEnd, values: [...scores.values()] },
  ];
  await disclose(db, key, company.id, minGroup, wellbeing);
  const baseline = await baselineQuarter(
    db,
    company.id,
    windows.quarters.filter((other) => other < quarter),
  );
  if (baseline) {
    const before = await who5Values(db, company, quarterStartDay(baseline), quarterEndDay(baseline));
    const changes = [...scores].flatMap(([userId, score]) => {
      const first = before.get(userId);
      return first === undefined ? [] : [score - first];
    });
    await disclose(db, key, company.id, minGroup, [
      { figure: "who5Change", subject: `${quarter}|${baseline}`, windowEnd, values: changes },
    ]);
  }

  // Care: company-wide only, and from at least 10 people (issue 47 item 3).
  const careGroup = Math.max(CARE_MIN_GROUP, minGroup);
  const people = await careValues(db, company, from, windowEnd);
  const followed = people.flatMap((person) => (person.scores ? [person.scores] : []));
  const caseness = followed.filter(startedAtCaseness);
  const waits = people.flatMap((person) => (person.waitDays === null ? [] : [waitBucketOf(person.waitDays)]));
  await disclose(db, key, company.id, careGroup, [
    ...waitBuckets.map((_, bucket) => ({
      figure: "careWait" as const,
      subject: `${bucket}|${quarter}`,
      windowEnd,
      values: ones(waits.filter((index) => index === bucket).length),
      // A bucket's count is released whatever its size; the median is shown from the buckets' noisy total.
      shownWith: true,
    })),
    {
      figure: "careMeasured",
      subject: `measured|${quarter}`,
      windowEnd,
      values: ones(people.filter((p) => p.measured).length),
    },
    { figure: "careMeasured", subject: `followed|${quarter}`, windowEnd, values: ones(followed.length) },
    {
      figure: "careOutcome",
      subject: `improved|${quarter}`,
      windowEnd,
      values: followed.map((s) => flag(isReliablyImproved(s))),
    },
    {
      figure: "careOutcome",
      subject: `recovered|${quarter}`,
      windowEnd,
      values: caseness.map((s) => flag(hasRecovered(s))),
    },
    // Last: its presence marks the quarter as published (publishCompany).
    { figure: "careSessions", subject: quarter, windowEnd, values: people.map((person) => person.sessions) },
  ]);
}

/** The job's run: every company in turn (issue 37's pieces are not needed: a window is a few statements). */
export async function publishResultados(db: Db, key: Buffer, now: Date, minGroup: number) {
  const rows = await db
    .select({ id: companies.id, timezone: companies.timezone, createdAt: companies.createdAt })
    .from(companies);
  let released = 0;
  for (const company of rows) released += await publishCompany(db, key, windowsOf(company, now), minGroup);
  return { companies: rows.length, released };
}
