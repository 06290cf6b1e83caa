import { describe, expect, it } from "vitest";
import { levelFor, levelProgress } from "./xp.ts";

describe("levelFor", () => {
  it("starts at level 1 and goes up every 100 XP", () => {
    expect(levelFor(0)).toBe(1);
    expect(levelFor(99)).toBe(1);
    expect(levelFor(100)).toBe(2);
    expect(levelFor(1450)).toBe(15);
  });
  it("never goes below level 1", () => {
    expect(levelFor(-30)).toBe(1);
  });
});

describe("levelProgress", () => {
  it("reports the XP inside the level and a percent capped at 100", () => {
    expect(levelProgress(0)).toEqual({ xpIntoLevel: 0, percent: 0, nextLevelAt: 100 });
    expect(levelProgress(150)).toEqual({ xpIntoLevel: 50, percent: 50, nextLevelAt: 200 });
    expect(levelProgress(199).percent).toBeLessThanOrEqual(100);
  });
});
