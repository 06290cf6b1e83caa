/**
 * The one disclosure layer (docs/design.md §4, docs/decisions/040): the rules
 * every figure about people that a company (manager, admin) or another member
 * can read passes through. The server draws and stores the noise
 * (server/features/disclosure); this file holds the policy, so the web can
 * show the same margins and explain the same rules.
 *
 * A figure is released for a closed window only, from one clipped value per
 * person, with discrete Laplace noise on its count and on its sum; whether it
 * is shown is decided on the noisy count (a noisy threshold), so a row's
 * existence says nothing exact.
 */

import type { FigurePolicy } from "./figure-policy.ts";
import { type ResultadosFigureKind, resultadosPolicies } from "./resultados-policies.ts";

export type { FigurePolicy };
/**
 * Every kind of figure the company can see. The ε values are chosen against the
 * attacks of docs/decisions/040 (a manager with four accounts of his own in the
 * group, colleagues who tell him their answers, a year of readings).
 */
export const figurePolicies = {
  /**
   * A closed day of a big company's check-ins: the day's mood (and, separately, energy and stress).
   * The count is of who checked in, which 'check-ins hoje' showed exactly that same day: its noise
   * keeps the threshold from being exact; the mood's own ε is the small one, set so that a year of
   * days and months stays within `yearlyScaleEpsilon` (docs/decisions/061) and so that a year of readings
   * does not find a steady mood even by the median of the days, the best estimate against this noise
   * (docs/decisions/083).
   */
  moodDay: { countEpsilon: 1, valueEpsilon: 0.14, range: { min: 1, max: 5 }, releasesPerYear: 365 },
  /** A closed calendar month of a small company: one value per person, their mean of the month. */
  moodMonth: { countEpsilon: 0.5, valueEpsilon: 0.7, range: { min: 1, max: 5 }, step: 0.1, releasesPerYear: 12 },
  /**
   * NR-1 (docs/decisions/026, 040): each campaign releases, once it has closed, a
   * noisy count per pooled row (riskParticipation; the pooling is decided on it)
   * and, for each shown row, 13 cells of riskIndex and riskAdverse (a cell is
   * shown with its row: `shownWith`; its own noisy count only sizes its margin).
   * A respondent is in one shown row, so one campaign costs them at most
   * 13 × (1,9 + 0,6) = 32,5 for the cells plus 1 per count they enter (their
   * sector and each hidden level above it up to the shown row: at most
   * depth + 1), so 34,5 for a sector directly under the establishment.
   * A person is in at most 4 campaigns a year.
   */
  /** One NR-1 cell (a shown sector row × a dimension): its mean risk index, 0–100, one value per respondent. */
  riskIndex: { countEpsilon: 0.1, valueEpsilon: 1.8, range: { min: 0, max: 100 }, centre: 50, releasesPerYear: 4 },
  /**
   * One NR-1 cell's share of respondents in the adverse band (each person 0 or 1).
   * Summed on a grid of 0,5 around 0,5 (0 and 1 count as −1 and +1 step; the same noise as a grid of 1 with Δ 1).
   */
  riskAdverse: {
    countEpsilon: 0.1,
    valueEpsilon: 0.5,
    range: { min: 0, max: 1 },
    step: 0.5,
    centre: 0.5,
    releasesPerYear: 4,
  },
  /** One NR-1 row's respondents, released once when the campaign has closed (nothing while it is open). */
  riskParticipation: { countEpsilon: 1, releasesPerYear: 4 },
  /** A past group session: who registered, who came (two releases a session; one is in at most 52 sessions a year). */
  groupCount: { countEpsilon: 0.5, releasesPerYear: 104 },
  /** A past group session's feedback: the mean rating, 1–5. */
  groupRating: { countEpsilon: 0.25, valueEpsilon: 0.5, range: { min: 1, max: 5 }, releasesPerYear: 52 },
  /** A closed month of care: how many people saw a psychologist (each person counted once). */
  careMonth: { countEpsilon: 0.3, releasesPerYear: 12 },
  /**
   * A closed quarter of the Canal de escuta (docs/decisions/049): cases received, by category and by
   * status. Each case is in one category count and one status count a quarter; cases carry no person,
   * so a person who writes several cases is in several (the channel cannot count them without a link).
   */
  listeningCount: { countEpsilon: 0.5, releasesPerYear: 8 },
  /**
   * A closed month of reminders by channel (docs/decisions/092, 095): per channel (app notification, e-mail,
   * WhatsApp, Teams) how many members chose it and how many of them checked in that month. Two counts per
   * channel a month, four channels: 96 a year. Whether someone checked in is the presence 'check-ins hoje'
   * shows live.
   */
  channelReach: { countEpsilon: 0.5, releasesPerYear: 96 },
} as const satisfies Record<string, FigurePolicy>;

/** The kinds above and Resultados' own (core/resultados-policies.ts: the web never loads them). */
export type FigureKind = keyof typeof figurePolicies | ResultadosFigureKind;

/**
 * The most one person's answers on one 1–5 scale (mood; energy and stress each have the same) can
 * release over any rolling 365 days, by day and by month together (docs/decisions/061): a check-in
 * enters at most one day's figure, a month at most one month's figure, and a rolling year holds at
 * most 365 days and 12 month ends. The bound needs no counting: one check-in a day and one figure
 * per closed day or month are what the database keeps (primary keys), and the daily ε is set from it.
 * The presence of a check-in (the counts) is not in it: 'check-ins hoje' shows it the same day.
 */
export const yearlyScaleEpsilon =
  figurePolicies.moodDay.releasesPerYear * figurePolicies.moodDay.valueEpsilon +
  figurePolicies.moodMonth.releasesPerYear * figurePolicies.moodMonth.valueEpsilon;

/** ε one person spends in one release of the figure (count and sum compose). */
export function epsilonPerRelease(policy: FigurePolicy): number {
  return policy.countEpsilon + (policy.valueEpsilon ?? 0);
}

/** The most a person can spend on a figure over a rolling year, by the feature's structure. */
export function epsilonPerYear(policy: FigurePolicy): number {
  return epsilonPerRelease(policy) * policy.releasesPerYear;
}

/** The sensitivity of a figure's sum on its grid: the width of the range each value is clipped to, in steps. */
export function sumSensitivity(policy: FigurePolicy): number {
  return policy.range ? Math.round((policy.range.max - policy.range.min) / (policy.step ?? 1)) : 1;
}

/** A person's value as the layer counts it: clipped into the figure's range. */
export function clip(policy: FigurePolicy, value: number): number {
  if (!policy.range) return 1;
  return Math.min(policy.range.max, Math.max(policy.range.min, value));
}

/**
 * The noisy threshold: a figure is shown when its noisy count reaches k
 * (PRIVACY_MIN_GROUP, never below 3). A row appears or not on a noisy
 * quantity, so its existence says nothing exact about who is in it.
 */
export function isShown(noisyCount: number, minGroup: number): boolean {
  return noisyCount >= Math.max(3, minGroup);
}

/**
 * The half-width t of a discrete Laplace draw (P(z) ∝ q^|z|, q = e^(−ε/Δ)) at
 * the confidence asked: P(|z| ≤ t) ≥ confidence. P(|z| > t) = 2q^(t+1) / (1 + q).
 */
function noiseHalfWidth(epsilon: number, sensitivity: number, confidence = 0.9): number {
  const q = Math.exp(-epsilon / sensitivity);
  return Math.max(0, Math.ceil(Math.log(((1 - confidence) * (1 + q)) / 2) / Math.log(q) - 1));
}

/** The variance of one discrete Laplace draw: 2q / (1 − q)². */
function noiseVariance(epsilon: number, sensitivity: number): number {
  const q = Math.exp(-epsilon / sensitivity);
  return (2 * q) / (1 - q) ** 2;
}

/**
 * The margin (90 %) of a mean built from `releases` noisy sums over `people`
 * values in all (a day, or a period of shown days): the noise of the sums
 * over the people, by the normal approximation when there are several.
 */
export function meanMargin(policy: FigurePolicy, people: number, releases = 1): number | null {
  if (people <= 0 || !policy.valueEpsilon) return null;
  const sensitivity = sumSensitivity(policy);
  const step = policy.step ?? 1;
  if (releases <= 1) return (step * noiseHalfWidth(policy.valueEpsilon, sensitivity)) / people;
  return (step * 1.645 * Math.sqrt(releases * noiseVariance(policy.valueEpsilon, sensitivity))) / people;
}

/**
 * A released count as the company reads it: within what can be, never below 0 nor above the people
 * who could be in it (docs/decisions/061). Clipping to a number the reader already knows spends nothing.
 */
export function clampCount(noisyCount: number, possible: number): number {
  return Math.min(Math.max(0, possible), Math.max(0, noisyCount));
}

/** The margin (90 %) of a noisy count of people. */
export function countMargin(policy: FigurePolicy): number {
  return noiseHalfWidth(policy.countEpsilon, 1);
}

/**
 * Who counts toward k (docs/decisions/083, issue 51 item 4): a member counts toward a window's threshold only
 * when they were already active in the company before it: a check-in there, while a member, at least
 * ACTIVE_LEAD_DAYS before the window's first day, or a membership begun at least ESTABLISHED_MEMBER_DAYS
 * before it. Accounts a manager adds through the HR API on the eve of a window are members but count for
 * nothing: to lift a small team past k he must keep them checking in for two weeks first (or hold them two
 * months), and their answers still count as his own (he knows them).
 */
export const ACTIVE_LEAD_DAYS = 14;
export const ESTABLISHED_MEMBER_DAYS = 60;

/**
 * A company's mood is seen by day only when it had at least this many members
 * on the first day of the month; a smaller one sees each closed month instead
 * (figure `moodMonth`), because a day of five answers with honest noise says
 * nothing, and a month of them does.
 */
export const DAILY_GRAIN_MIN_MEMBERS = 20;

export function moodGrainOf(membersAtMonthStart: number): "day" | "month" {
  return membersAtMonthStart >= DAILY_GRAIN_MIN_MEMBERS ? "day" : "month";
}

/**
 * A mean on the 1–5 scale (a day's point, the 7-day line, a period, the
 * dashboard's tile) is shown only when its margin is at most this: a wider one
 * is noise to the reader, and, clipped to the scale and read every day, it
 * would tell an attacker more than its sum does.
 */
const MAX_POINT_MARGIN = 1;

export function isPointShown(margin: number | null): boolean {
  return margin !== null && margin <= MAX_POINT_MARGIN;
}

/**
 * Each person's budget over a rolling year (docs/decisions/040, "Budget"): how
 * many releases of each kind one person may be counted in, and what one of
 * them costs (ε). Where the product's structure cannot pass the limit (one
 * check-in a day, one care figure a month) the structure is the guard; where a
 * person's own acts could (answering many NR-1 campaigns, many support groups,
 * many ratings), the server counts their past year and leaves them out of
 * figures beyond it (server/features/disclosure/budget.ts).
 */
export const yearlyBudget = {
  /** Days with a check-in: each is in its day's count and the mood, energy and stress sums. */
  checkInDays: {
    limit: figurePolicies.moodDay.releasesPerYear,
    isCounted: false,
    epsilonEach: figurePolicies.moodDay.countEpsilon + 3 * figurePolicies.moodDay.valueEpsilon,
  },
  /** NR-1 questionnaires answered (campaigns begun in the year): 13 cells and the counts of one row. */
  riskCampaigns: {
    limit: figurePolicies.riskParticipation.releasesPerYear,
    isCounted: true,
    // 13 dimensions' index and adverse cells, and the row's count plus one hidden level above it.
    epsilonEach:
      13 * (epsilonPerRelease(figurePolicies.riskIndex) + epsilonPerRelease(figurePolicies.riskAdverse)) +
      2 * figurePolicies.riskParticipation.countEpsilon,
  },
  /** Support groups one was registered for or came to: a session releases who registered and who came. */
  groupSessions: {
    limit: figurePolicies.groupCount.releasesPerYear / 2,
    isCounted: true,
    epsilonEach: 2 * figurePolicies.groupCount.countEpsilon,
  },
  /** Sessions rated: a session's feedback mean. */
  groupRatings: {
    limit: figurePolicies.groupRating.releasesPerYear,
    isCounted: true,
    epsilonEach: epsilonPerRelease(figurePolicies.groupRating),
  },
  /** Months with a psychologist session: that month's count of people. */
  careMonths: { limit: 12, isCounted: false, epsilonEach: figurePolicies.careMonth.countEpsilon },
  /**
   * Resultados (docs/decisions/088, 097). Months as a member: each closed month's adoption counts (activated,
   * and active and steady when one was), three counts at most.
   */
  memberMonths: { limit: 12, isCounted: false, epsilonEach: 3 * resultadosPolicies.adoptionMonth.countEpsilon },
  /** Quarters with a WHO-5 answer: the quarter's index and the change since the first quarter. */
  who5Quarters: {
    limit: resultadosPolicies.who5Quarter.releasesPerYear,
    isCounted: false,
    epsilonEach: epsilonPerRelease(resultadosPolicies.who5Quarter) + epsilonPerRelease(resultadosPolicies.who5Change),
  },
  /** Quarters with a session held: the wait bucket, the sessions, the two measured counts, the two outcomes. */
  careQuarters: {
    limit: resultadosPolicies.careSessions.releasesPerYear,
    isCounted: false,
    epsilonEach:
      resultadosPolicies.careWait.countEpsilon +
      epsilonPerRelease(resultadosPolicies.careSessions) +
      2 * resultadosPolicies.careMeasured.countEpsilon +
      2 * epsilonPerRelease(resultadosPolicies.careOutcome),
  },
} as const satisfies Record<string, { limit: number; isCounted: boolean; epsilonEach: number }>;

export type BudgetLine = keyof typeof yearlyBudget;

/** The most one line can cost a person over a rolling year: its limit times what one release costs. */
export function yearlyEpsilonOf(line: BudgetLine): number {
  return yearlyBudget[line].limit * yearlyBudget[line].epsilonEach;
}

/**
 * Resultados' own lines (docs/decisions/088, 097, 084): a closed month's adoption, a closed quarter's WHO-5 and
 * its change, a closed quarter's care figures. Its NR-1 layer and its quarter's mood add nothing of their own:
 * they are arithmetic on figures the campaigns and the reports already released (docs/decisions/093), counted
 * in `riskCampaigns` and in `yearlyScaleEpsilon`.
 */
export const resultadosBudgetLines = [
  "memberMonths",
  "who5Quarters",
  "careQuarters",
] as const satisfies readonly BudgetLine[];

/** Resultados' yearly total per person: what its own figures can spend of one person in any rolling year. */
export const yearlyResultadosEpsilon = resultadosBudgetLines.reduce((sum, line) => sum + yearlyEpsilonOf(line), 0);

/**
 * A total as the member reads it: rounded up to a tenth, so a limit is never written smaller than it is (the
 * float sums' last-digit error, 1e-9, does not round a tenth up).
 */
export function epsilonCeiling(epsilon: number): number {
  return Math.ceil(epsilon * 10 - 1e-9) / 10;
}
