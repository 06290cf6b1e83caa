/**
 * The disclosure layer's one door (docs/decisions/040): a feature hands it, for
 * a closed window, one value per person (or a list of people, for a count), and
 * gets back the figure as the company may see it. The first release draws the
 * keyed noise and stores the result; every later read returns the same row, so
 * asking again learns nothing and nothing about a window moves after it closed.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { IsoDay } from "#core/dates.ts";
import {
  clip,
  countMargin,
  epsilonPerRelease,
  type FigureKind,
  figurePolicies,
  isShown,
  meanMargin,
  sumSensitivity,
} from "#core/disclosure.ts";
import { resultadosPolicies } from "#core/resultados-policies.ts";
import type { Db } from "#server/db/client.ts";
import { disclosedFigures } from "#server/db/schema/index.ts";
import { discreteLaplace } from "./noise.ts";

const policies = { ...figurePolicies, ...resultadosPolicies };
/** Every kind's policy, the web's (core/disclosure.ts) and Resultados' (docs/decisions/088). */
export const policyOf = (figure: FigureKind) => policies[figure];

export type FigureRequest = {
  figure: FigureKind;
  /** What the figure is about within the company; with the figure, its identity forever. */
  subject: string;
  /** The window's last day: it must have ended (the caller's rule) before anything is asked. */
  windowEnd: IsoDay;
  /** One entry per person who counts: their value (clipped to the figure's range), or anything for a count. */
  values: readonly number[];
  /**
   * The show decision already taken on another released noisy count of the same
   * people (an NR-1 cell follows its row's respondents); by default the figure's own noisy count decides.
   */
  shownWith?: boolean;
  /**
   * The released noisy count of the same people to divide the noisy sum by (an NR-1 cell: its row's
   * respondents). By default the exact number of values: a mean over the exact count fits only that
   * count, so a row of rounded means can give it away (issue 51, docs/decisions/060).
   */
  over?: number;
};

/** A released figure: hidden ones carry no value; the margins are 90 % half-widths of the noise. */
export type Disclosed = {
  shown: boolean;
  /** The noisy number of people, null when hidden. */
  count: number | null;
  countMargin: number;
  /** The noisy mean of the values (within the figure's range), null for a count or when hidden. */
  mean: number | null;
  margin: number | null;
};

type Stored = { figure: string; subject: string; noisyCount: number; shown: boolean; noisyMean: number | null };

/**
 * The figures asked for, in the order asked, releasing first whichever were
 * never released. `values` are read only for those: a stored figure never
 * changes, whatever the data says now.
 */
export async function disclose(
  db: Db,
  key: Buffer,
  companyId: string,
  minGroup: number,
  requests: readonly FigureRequest[],
): Promise<Disclosed[]> {
  if (requests.length === 0) return [];
  let stored = await readStored(db, companyId, requests);
  const missing = requests.filter((request) => !stored.has(identity(request)));
  if (missing.length > 0) {
    const rows = missing.map((request) => release(key, companyId, minGroup, request));
    // A concurrent reader may release the same figure: the first row stands (the draw is the same anyway).
    await db.insert(disclosedFigures).values(rows).onConflictDoNothing();
    stored = await readStored(db, companyId, requests);
  }
  return requests.map((request) => {
    const row = stored.get(identity(request));
    if (!row) throw new Error(`figure not stored: ${identity(request)}`);
    return asDisclosed(request.figure, row);
  });
}

/**
 * The figures of one kind already released for these subjects, by subject; never releases. For
 * readers whose figures a job releases (the closed months of monthly-mood.ts): what is not there yet
 * is not there.
 */
export async function readDisclosed(
  db: Db,
  companyId: string,
  figure: FigureKind,
  subjects: readonly string[],
): Promise<Map<string, Disclosed>> {
  if (subjects.length === 0) return new Map();
  const stored = await readStored(
    db,
    companyId,
    subjects.map((subject) => ({ figure, subject })),
  );
  return new Map([...stored.values()].map((row) => [row.subject, asDisclosed(figure, row)]));
}

function identity(request: { figure: string; subject: string }): string {
  return `${request.figure}\u0000${request.subject}`;
}

async function readStored(
  db: Db,
  companyId: string,
  requests: readonly Pick<FigureRequest, "figure" | "subject">[],
): Promise<Map<string, Stored>> {
  const rows = await db
    .select({
      figure: disclosedFigures.figure,
      subject: disclosedFigures.subject,
      noisyCount: disclosedFigures.noisyCount,
      shown: disclosedFigures.shown,
      noisyMean: disclosedFigures.noisyMean,
    })
    .from(disclosedFigures)
    .where(
      and(
        eq(disclosedFigures.companyId, companyId),
        inArray(disclosedFigures.figure, [...new Set(requests.map((request) => request.figure))]),
        inArray(disclosedFigures.subject, [...new Set(requests.map((request) => request.subject))]),
      ),
    );
  return new Map(rows.map((row) => [identity(row), row]));
}

/**
 * One figure as it is first released, noise drawn; pure, so that the year-long attack trials replay
 * exactly what the layer stores (year-attack.test.ts).
 */
export function release(key: Buffer, companyId: string, minGroup: number, request: FigureRequest) {
  const policy = policyOf(request.figure);
  const label = `${companyId}|${request.figure}|${request.subject}`;
  const people = request.values.length;
  const noisyCount = Math.max(0, people + discreteLaplace(key, `${label}|count`, policy.countEpsilon, 1));
  const shown = people > 0 && (request.shownWith ?? isShown(noisyCount, minGroup));
  let noisyMean: number | null = null;
  if (shown && "valueEpsilon" in policy) {
    const step = "step" in policy ? policy.step : 1;
    const base = "centre" in policy ? policy.centre : policy.range.min;
    // Each value clipped to the range and counted in steps from its centre, by default its floor (whole
    // steps: the grid holds both); then one draw on the sum.
    const sum = request.values.reduce((total, value) => total + Math.round((clip(policy, value) - base) / step), 0);
    const noisySum = sum + discreteLaplace(key, `${label}|sum`, policy.valueEpsilon, sumSensitivity(policy));
    noisyMean = clip(policy, base + (noisySum * step) / Math.max(1, request.over ?? people));
  }
  return {
    companyId,
    figure: request.figure,
    subject: request.subject,
    windowEnd: request.windowEnd,
    noisyCount,
    shown,
    noisyMean,
    epsilon: epsilonPerRelease(policy),
  };
}

function asDisclosed(figure: FigureKind, row: Stored): Disclosed {
  const policy = policyOf(figure);
  return {
    shown: row.shown,
    count: row.shown ? row.noisyCount : null,
    countMargin: countMargin(policy),
    mean: row.shown ? row.noisyMean : null,
    margin: row.shown && row.noisyMean !== null ? meanMargin(policy, row.noisyCount) : null,
  };
}
