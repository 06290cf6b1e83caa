import { describe, expect, it } from "vitest";
import {
  closedQuartersSince,
  hasRecovered,
  isReliablyImproved,
  medianOfBuckets,
  nestedCounts,
  quarterEndDay,
  startedAtCaseness,
  waitBucketOf,
  weekOfMonth,
} from "./resultados.ts";

const scores = (phq9: [number, number] | null, gad7: [number, number] | null) => ({
  phq9: phq9 && { first: phq9[0], last: phq9[1] },
  gad7: gad7 && { first: gad7[0], last: gad7[1] },
});

describe("reliable improvement (NHS Talking Therapies)", () => {
  it.each([
    ["PHQ-9 down 6", scores([16, 10], [9, 9]), true],
    ["PHQ-9 down 5", scores([16, 11], [9, 9]), false],
    ["GAD-7 down 4", scores([9, 9], [12, 8]), true],
    ["GAD-7 down 3", scores([9, 9], [12, 9]), false],
    ["PHQ-9 down 6 but GAD-7 up 4", scores([16, 10], [5, 9]), false],
    ["only a PHQ-9, down 8", scores([18, 10], null), true],
  ])("%s", (_, person, expected) => {
    expect(isReliablyImproved(person)).toBe(expected);
  });
});

describe("recovery", () => {
  it.each([
    ["PHQ-9 10 → 9, GAD-7 7 → 7", scores([10, 9], [7, 7]), true],
    ["PHQ-9 10 → 9, GAD-7 7 → 8: not below both", scores([10, 9], [7, 8]), false],
    ["GAD-7 8 → 7 with PHQ-9 below", scores([9, 9], [8, 7]), true],
    ["never at caseness", scores([9, 3], [7, 1]), false],
    ["still at caseness", scores([20, 12], [5, 5]), false],
  ])("%s", (_, person, expected) => {
    expect(hasRecovered(person)).toBe(expected);
  });

  it("counts caseness on the first measure only", () => {
    expect(startedAtCaseness(scores([9, 15], [7, 12]))).toBe(false);
    expect(startedAtCaseness(scores([9, 3], [8, 1]))).toBe(true);
  });
});

describe("windows and the wait's histogram", () => {
  it("lists closed quarters from the company's first day", () => {
    expect(closedQuartersSince("2026-11-22", "2026-01-01")).toEqual(["2026-T3", "2026-T2", "2026-T1"]);
    expect(quarterEndDay("2026-T4")).toBe("2026-12-31");
  });

  it("reads the median inside the bucket holding the middle person", () => {
    expect(waitBucketOf(0)).toBe(0);
    expect(waitBucketOf(8)).toBe(2);
    expect(waitBucketOf(400)).toBe(5);
    // 10 people: 2 in 0–3, 3 in 3–7, 5 in 7–14: the 5th is at the end of 3–7.
    expect(medianOfBuckets([2, 3, 5, 0, 0, 0])).toBe(7);
    expect(medianOfBuckets([0, 0, 10, 0, 0, 0])).toBe(10.5);
    expect(medianOfBuckets([0, 0, 0, 0, 0, 0])).toBeNull();
  });

  it("splits a month into four weeks and leaves its last days out", () => {
    expect(["2026-10-01", "2026-10-07", "2026-10-08", "2026-10-28", "2026-10-29"].map(weekOfMonth)).toEqual([
      0,
      0,
      1,
      3,
      null,
    ]);
  });
});

describe("nested counts read as nested", () => {
  it("keeps counts that already fall, and pools a smaller group's count that came out above a larger one's", () => {
    expect(nestedCounts([120, 80, 40])).toEqual([120, 80, 40]);
    expect(nestedCounts([78, 81, 40])).toEqual([80, 80, 40]);
    expect(nestedCounts([50, 20, 23])).toEqual([50, 22, 22]);
    expect(nestedCounts([10, 12, 14])).toEqual([12, 12, 12]);
  });
});
