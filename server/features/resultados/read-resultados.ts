/**
 * Resultados as a company reads it (docs/decisions/088): built from the figures the publishing job stored in
 * the disclosure layer only, plus the company's own member counts (the completion rates' denominators).
 * Never releases, never reads a person's data: the page, the PDF, the XLSX and the feed all come from here.
 */
import { addDays, localDay } from "#core/dates.ts";
import { clampCount, countMargin, type FigureKind } from "#core/disclosure.ts";
import { formatDayPtBR } from "#core/format.ts";
import {
  availableFrom,
  CARE_MIN_GROUP,
  medianOfBuckets,
  monthEndDay,
  monthOfDay,
  monthStartDay,
  nestedCounts,
  quarterEndDay,
  quarterOfDay,
  quarterStartDay,
  waitBuckets,
} from "#core/resultados.ts";
import { resultadosMessages } from "#core/resultados-messages.ts";
import type { ResultadoFigure, Resultados } from "#core/schemas/resultados.ts";
import type { Db } from "#server/db/client.ts";
import { type Disclosed, policyOf, readDisclosed } from "#server/features/disclosure/index.ts";
import { quarterMood } from "#server/features/reports/index.ts";
import { nr1Comparison } from "#server/features/risks/index.ts";
import { baselineQuarter, windowsOf } from "./publish-resultados.ts";
import { membersOn } from "./window-values.ts";

type Company = { id: string; name: string; timezone: string; createdAt: Date };

const hidden = (figure: FigureKind, reason: string): ResultadoFigure => ({
  shown: false,
  value: null,
  margin: null,
  n: null,
  nMargin: figureMargin(figure),
  rate: null,
  hiddenReason: reason,
});

const figureMargin = (figure: FigureKind) => countMargin(policyOf(figure));

/** A stored figure as the page reads it: its count clipped to who could be in it, its rate over them. */
function asFigure(
  figure: FigureKind,
  stored: Disclosed | undefined,
  possible: number,
  reason: string,
  value: "mean" | "count" = "mean",
): ResultadoFigure {
  if (!stored?.shown || stored.count === null) return hidden(figure, reason);
  const n = clampCount(stored.count, possible);
  return {
    shown: true,
    value: value === "count" ? n : stored.mean,
    margin: value === "count" ? stored.countMargin : stored.margin,
    n,
    nMargin: stored.countMargin,
    rate: possible > 0 ? n / possible : null,
    hiddenReason: null,
  };
}

/** The funnel's shown counts read as nested (core/resultados.ts nestedCounts); a hidden one stays hidden. */
function nested<T extends ResultadoFigure[]>(figures: T, possible: number): T {
  if (figures.some((figure) => !figure.shown || figure.n === null)) return figures;
  const counts = nestedCounts(figures.map((figure) => figure.n as number));
  return figures.map((figure, index) => {
    const n = counts[index] as number;
    return { ...figure, n, value: n, rate: possible > 0 ? n / possible : null };
  }) as T;
}

export async function readResultados(
  db: Db,
  privacyKey: Buffer,
  company: Company,
  now: Date,
  minGroup: number,
): Promise<Resultados> {
  const { months, quarters } = windowsOf(company, now);
  const subjects = (prefixes: readonly string[], periods: readonly string[]) =>
    prefixes.flatMap((prefix) => periods.map((period) => `${prefix}|${period}`));
  const baseline = await baselineQuarter(db, company.id, quarters);
  const [adoption, who5, change, wait, sessions, measured, outcome, nr1] = await Promise.all([
    readDisclosed(db, company.id, "adoptionMonth", subjects(["activated", "active", "steady"], months)),
    readDisclosed(db, company.id, "who5Quarter", quarters),
    readDisclosed(
      db,
      company.id,
      "who5Change",
      quarters.map((quarter) => `${quarter}|${baseline}`),
    ),
    readDisclosed(db, company.id, "careWait", subjects(Object.keys(waitBuckets), quarters)),
    readDisclosed(db, company.id, "careSessions", quarters),
    readDisclosed(db, company.id, "careMeasured", subjects(["measured", "followed"], quarters)),
    readDisclosed(db, company.id, "careOutcome", subjects(["improved", "recovered"], quarters)),
    nr1Comparison({ db, privacyKey, minGroup }, company.id),
  ]);
  const few = resultadosMessages.hiddenFew(Math.max(3, minGroup));
  const careGroup = Math.max(CARE_MIN_GROUP, minGroup);
  const careHidden = resultadosMessages.hiddenCare(careGroup);
  const monthsAdopted = months.filter((month) => adoption.has(`active|${month}`));
  const quartersDone = quarters.filter((quarter) => sessions.has(quarter));
  const members = await membersOn(db, company, [
    ...monthsAdopted.map((month) => addDays(monthEndDay(month), 1)),
    ...quartersDone.map((quarter) => quarterStartDay(quarter)),
  ]);
  const eligibleOf = (day: string) => members.get(day) ?? 0;

  const adoptionRows = await Promise.all(
    monthsAdopted.map(async (month) => {
      const eligible = eligibleOf(addDays(monthEndDay(month), 1));
      const count = (prefix: string) =>
        asFigure("adoptionMonth", adoption.get(`${prefix}|${month}`), eligible, few, "count");
      const [activated, active, steady] = nested<[ResultadoFigure, ResultadoFigure, ResultadoFigure]>(
        [count("activated"), count("active"), count("steady")],
        eligible,
      );
      return { month, eligible, activated, active, steady };
    }),
  );

  const eligibleByQuarter = new Map(quartersDone.map((quarter) => [quarter, eligibleOf(quarterStartDay(quarter))]));
  const moods = await Promise.all(
    quartersDone.map((quarter) =>
      quarterMood(
        db,
        company,
        {
          from: quarterStartDay(quarter),
          to: quarterEndDay(quarter),
          months: [0, 1, 2].map((offset) => monthStartDay(quarterStartDay(quarter).slice(0, 7), offset).slice(0, 7)),
        },
        now,
      ),
    ),
  );
  const wellbeingRows = quartersDone.map((quarter, index) => {
    const mood = moods[index];
    const eligible = eligibleByQuarter.get(quarter) ?? 0;
    const paired = quarter === baseline || !baseline || quarter < baseline;
    return {
      quarter,
      eligible,
      who5: asFigure("who5Quarter", who5.get(quarter), eligible, few),
      mood: mood
        ? { ...hidden("moodMonth", ""), shown: true, value: mood.mean, margin: mood.margin, hiddenReason: null }
        : hidden("moodMonth", resultadosMessages.hiddenMood),
      change: paired ? null : asFigure("who5Change", change.get(`${quarter}|${baseline}`), eligible, few),
      baseline: paired ? null : baseline,
    };
  });

  const careRows = quartersDone.map((quarter) => {
    const people = sessions.get(quarter);
    const buckets = waitBuckets.map((_, bucket) => wait.get(`${bucket}|${quarter}`)?.count ?? 0);
    const waited = buckets.reduce((sum, count) => sum + Math.max(0, count), 0);
    const median = medianOfBuckets(buckets);
    const bucket = median === null ? undefined : waitBuckets.find((range) => median < range.to);
    const followed = measured.get(`followed|${quarter}`);
    const measuredPeople = measured.get(`measured|${quarter}`)?.count ?? 0;
    const followUpRate = (n: number | null) =>
      n === null || measuredPeople <= 0 ? null : Math.min(1, Math.max(0, (followed?.count ?? 0) / measuredPeople));
    const share = (prefix: string) => {
      const figure = asFigure(
        "careOutcome",
        outcome.get(`${prefix}|${quarter}`),
        Math.max(0, measuredPeople),
        careHidden,
      );
      return { ...figure, rate: followUpRate(figure.n) };
    };
    return {
      quarter,
      waitMedianDays:
        waited >= careGroup && median !== null
          ? {
              shown: true,
              value: Math.round(median),
              margin: bucket ? (bucket.to - bucket.from) / 2 : null,
              n: Math.round(waited),
              nMargin: figureMargin("careWait"),
              rate: null,
              hiddenReason: null,
            }
          : hidden("careWait", careHidden),
      // Its rate: the share of the quarter's members who were in care.
      sessionsPerPerson: asFigure("careSessions", people, eligibleByQuarter.get(quarter) ?? 0, careHidden),
      reliableImprovement: share("improved"),
      recovery: share("recovered"),
    };
  });

  const today = localDay(now, company.timezone);
  const month = monthOfDay(today);
  const quarter = quarterOfDay(today);
  return {
    company: { id: company.id, name: company.name },
    caveat: resultadosMessages.caveat,
    adoption: adoptionRows,
    wellbeing: wellbeingRows,
    care: careRows,
    nr1,
    next: {
      month,
      monthFrom: formatDayPtBR(availableFrom(monthEndDay(month))),
      quarter,
      quarterFrom: formatDayPtBR(availableFrom(quarterEndDay(quarter))),
    },
  };
}
