/**
 * Resultados' kinds of figure (docs/decisions/088), apart from core/disclosure.ts so that no page loads
 * them (only the server releases and reads them); the disclosure layer merges them (`policyOf`).
 */
import type { FigurePolicy } from "./figure-policy.ts";

export const resultadosPolicies = {
  /*
   * Resultados (docs/decisions/088). Adoption by closed month: who activated, who was active (a check-in or an
   * exercise) and who was active in 3 of the month's 4 weeks; three counts a month.
   */
  adoptionMonth: { countEpsilon: 0.3, releasesPerYear: 36 },
  /** A closed quarter's WHO-5 index (0–100, on its grid of 4): each person's last answer of the quarter. */
  who5Quarter: {
    countEpsilon: 0.5,
    valueEpsilon: 1,
    range: { min: 0, max: 100 },
    step: 4,
    centre: 52,
    releasesPerYear: 4,
  },
  /** Each person's own WHO-5 change since the company's first quarter, clipped to ±40 points. */
  who5Change: {
    countEpsilon: 0.5,
    valueEpsilon: 1,
    range: { min: -40, max: 40 },
    step: 4,
    centre: 0,
    releasesPerYear: 4,
  },
  /** Care by closed quarter, company-wide, from 10 people: the wait to a first session, one bucket per person. */
  careWait: { countEpsilon: 0.5, releasesPerYear: 4 },
  /** Sessions held in the quarter by each person who had one, clipped to 12. */
  careSessions: { countEpsilon: 0.3, valueEpsilon: 0.5, range: { min: 0, max: 12 }, centre: 4, releasesPerYear: 4 },
  /** People in care with a first PHQ-9/GAD-7, and of them those with a follow-up: the completion rate. */
  careMeasured: { countEpsilon: 0.3, releasesPerYear: 8 },
  /** Among those with a follow-up: reliable improvement (0/1), and among those at caseness: recovery (0/1). */
  careOutcome: {
    countEpsilon: 0.3,
    valueEpsilon: 0.5,
    range: { min: 0, max: 1 },
    step: 0.5,
    centre: 0.5,
    releasesPerYear: 8,
  },
} as const satisfies Record<string, FigurePolicy>;

export type ResultadosFigureKind = keyof typeof resultadosPolicies;
