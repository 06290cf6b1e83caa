// The yearly totals per person (docs/decisions/061, 083, 088, 097, 084), pinned: a change to any ε or to what a
// line counts moves one of these numbers, and 'O que sua empresa vê' states them.
import { describe, expect, it } from "vitest";
import {
  type BudgetLine,
  epsilonCeiling,
  figurePolicies,
  resultadosBudgetLines,
  yearlyBudget,
  yearlyEpsilonOf,
  yearlyResultadosEpsilon,
  yearlyScaleEpsilon,
} from "./disclosure.ts";
import { resultadosPolicies } from "./resultados-policies.ts";

describe("each person's yearly totals", () => {
  it("keeps each 1–5 scale's year of days and months at decision 083's 59,5", () => {
    expect(yearlyScaleEpsilon).toBeCloseTo(365 * 0.14 + 12 * 0.7, 9);
    expect(epsilonCeiling(yearlyScaleEpsilon)).toBe(59.5);
  });

  it("counts every Resultados figure in its lines: adoption 10,8, WHO-5 12, care 14", () => {
    const totals = Object.fromEntries(resultadosBudgetLines.map((line) => [line, yearlyEpsilonOf(line)]));
    expect(totals.memberMonths).toBeCloseTo(12 * 3 * 0.3, 9);
    expect(totals.who5Quarters).toBeCloseTo(4 * (0.5 + 1 + 0.5 + 1), 9);
    expect(totals.careQuarters).toBeCloseTo(4 * (0.5 + 0.8 + 2 * 0.3 + 2 * 0.8), 9);
    expect(yearlyResultadosEpsilon).toBeCloseTo(36.8, 9);
    expect(epsilonCeiling(yearlyResultadosEpsilon)).toBe(36.8);
  });

  it("bounds the lines by the releases the policies allow in a year", () => {
    // Each line's releases per person are what publish-resultados releases per window (docs/decisions/088).
    const p = resultadosPolicies;
    expect(yearlyEpsilonOf("memberMonths")).toBeCloseTo(
      p.adoptionMonth.releasesPerYear * p.adoptionMonth.countEpsilon,
      9,
    );
    expect(yearlyEpsilonOf("who5Quarters")).toBeCloseTo(
      p.who5Quarter.releasesPerYear * (p.who5Quarter.countEpsilon + (p.who5Quarter.valueEpsilon ?? 0)) +
        p.who5Change.releasesPerYear * (p.who5Change.countEpsilon + (p.who5Change.valueEpsilon ?? 0)),
      9,
    );
    const careYear =
      p.careWait.releasesPerYear * p.careWait.countEpsilon +
      p.careSessions.releasesPerYear * (p.careSessions.countEpsilon + (p.careSessions.valueEpsilon ?? 0)) +
      p.careMeasured.releasesPerYear * p.careMeasured.countEpsilon +
      p.careOutcome.releasesPerYear * (p.careOutcome.countEpsilon + (p.careOutcome.valueEpsilon ?? 0));
    expect(yearlyEpsilonOf("careQuarters")).toBeCloseTo(careYear, 9);
  });

  it("pins every line's year (the sum in decision 084)", () => {
    const totals = Object.fromEntries(
      (Object.keys(yearlyBudget) as BudgetLine[]).map((line) => [line, Math.round(yearlyEpsilonOf(line) * 10) / 10]),
    );
    expect(totals).toEqual({
      checkInDays: 518.3,
      riskCampaigns: 138,
      groupSessions: 52,
      groupRatings: 39,
      careMonths: 3.6,
      memberMonths: 10.8,
      who5Quarters: 12,
      careQuarters: 14,
    });
    // The check-in days' line holds the day's presence count (ε 1, shown live) beside the three scales' sums.
    expect(yearlyEpsilonOf("checkInDays")).toBeCloseTo(365 * (figurePolicies.moodDay.countEpsilon + 3 * 0.14), 9);
  });

  it("never writes a limit smaller than it is", () => {
    expect(epsilonCeiling(36.80000000000001)).toBe(36.8);
    expect(epsilonCeiling(36.81)).toBe(36.9);
    expect(epsilonCeiling(59.45)).toBe(59.5);
  });
});
