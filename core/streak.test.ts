import { describe, expect, it } from "vitest";
import { messages } from "./messages.ts";
import {
  checkInAward,
  checkInAwardText,
  checkInSavedMessage,
  checkInStreak,
  streakBonusTable,
  streakBonusXp,
} from "./streak.ts";

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

describe("the streak bonus (docs/decisions/023)", () => {
  it("adds +10 XP per consecutive day after the first, capped at +100", () => {
    expect([1, 2, 4, 10, 11, 12, 40].map(streakBonusXp)).toEqual([0, 10, 30, 90, 100, 100, 100]);
    expect(streakBonusXp(0)).toBe(0);
  });
  it("never lets the day's check-in pass 150 XP", () => {
    expect(checkInAward(0)).toEqual({ baseXp: 50, streakBonus: 0, total: 50 });
    expect(checkInAward(3)).toEqual({ baseXp: 50, streakBonus: 30, total: 80 });
    expect(checkInAward(365).total).toBe(150);
  });
  it("gives the server one amount per number of previous days, up to the cap", () => {
    expect(streakBonusTable()).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });
});

describe("the award's words", () => {
  it("names the bonus only when there is one", () => {
    expect(checkInAwardText({ baseXp: 50, streakBonus: 30 })).toBe("+50 XP, +30 de sequência");
    expect(checkInSavedMessage({ baseXp: 50, streakBonus: 0, streakDays: 1 })).toBe(messages.checkInSaved);
    expect(checkInSavedMessage({ baseXp: 50, streakBonus: 30, streakDays: 4 })).toBe(
      "Check-in realizado! Você ganhou +50 XP, +30 de sequência (4 dias seguidos).",
    );
  });
});
