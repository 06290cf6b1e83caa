import { describe, expect, it } from "vitest";
import { checkInStreak } from "./streak.ts";

describe("checkInStreak", () => {
  it("counts consecutive days ending today", () => {
    expect(checkInStreak(["2026-11-20", "2026-11-21", "2026-11-22"], "2026-11-22")).toBe(3);
  });
  it("keeps yesterday's streak alive until today ends", () => {
    expect(checkInStreak(["2026-11-20", "2026-11-21"], "2026-11-22")).toBe(2);
  });
  it("stops at the first gap and is 0 without recent check-ins", () => {
    expect(checkInStreak(["2026-11-18", "2026-11-20", "2026-11-21", "2026-11-22"], "2026-11-22")).toBe(3);
    expect(checkInStreak(["2026-11-10"], "2026-11-22")).toBe(0);
    expect(checkInStreak([], "2026-11-22")).toBe(0);
  });
});
