import { describe, expect, it } from "vitest";
import { checkInMessages } from "./check-in-messages.ts";
import { addDays } from "./dates.ts";
import {
  checkInAward,
  checkInAwardText,
  checkInSavedMessage,
  checkInStreak,
  previousRunDays,
  STREAK_BONUS_LOOKBACK_DAYS,
  STREAK_READ_BACK_DAYS,
  streakBonusTable,
  streakBonusXp,
  streakFreeze,
  streakFreezeText,
} from "./streak.ts";

/** `count` consecutive days ending on `last`. */
const run = (last: string, count: number) => Array.from({ length: count }, (_, i) => addDays(last, -i));

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
    expect(checkInSavedMessage({ baseXp: 50, streakBonus: 0, streakDays: 1 })).toBe(checkInMessages.checkInSaved);
    expect(checkInSavedMessage({ baseXp: 50, streakBonus: 30, streakDays: 4 })).toBe(
      "Check-in realizado! Você ganhou +50 XP, +30 de sequência (4 dias seguidos).",
    );
  });
});

describe("the streak freeze (docs/decisions/023)", () => {
  it("lets 7 consecutive days cover one missed day: the run goes on, the missed day adds nothing", () => {
    // Nov 1–7 checked in, Nov 8 missed: on Nov 9 the run before today is 7 days.
    expect(previousRunDays(run("2026-11-07", 7), "2026-11-09")).toBe(7);
    // Six days earn nothing: the same gap ends the run.
    expect(previousRunDays(run("2026-11-07", 6), "2026-11-09")).toBe(0);
    // Two missed days in a row are never covered.
    expect(previousRunDays(run("2026-11-07", 9), "2026-11-10")).toBe(0);
  });

  it("banks one at most: a second gap needs 7 new days after the first", () => {
    const days = [...run("2026-11-14", 14), ...run("2026-11-17", 2)]; // Nov 1–14, Nov 15 missed, Nov 16–17
    // Nov 18 missed too: the stretch before it (2 days) earned nothing, the run is over on Nov 19.
    expect(previousRunDays(days, "2026-11-19")).toBe(0);
    expect(previousRunDays(days, "2026-11-18")).toBe(16);
    const again = [...run("2026-11-07", 7), ...run("2026-11-15", 7)]; // Nov 1–7, Nov 8 missed, Nov 9–15
    // Nov 16 missed: the 7 days after the first gap earned a new one.
    expect(previousRunDays(again, "2026-11-17")).toBe(14);
  });

  it("shows the member what is banked, or that yesterday was covered", () => {
    expect(streakFreeze(run("2026-11-21", 6), "2026-11-22")).toEqual({ banked: 0, coversYesterday: false });
    expect(streakFreeze(run("2026-11-21", 7), "2026-11-22")).toEqual({ banked: 1, coversYesterday: false });
    expect(streakFreeze(run("2026-11-22", 7), "2026-11-22")).toEqual({ banked: 1, coversYesterday: false });
    expect(streakFreeze(run("2026-11-20", 7), "2026-11-22")).toEqual({ banked: 0, coversYesterday: true });
    expect(streakFreeze(run("2026-11-19", 9), "2026-11-22")).toEqual({ banked: 0, coversYesterday: false });
    expect(streakFreezeText({ banked: 1, coversYesterday: false })).toBe(
      "1 proteção de sequência: se você faltar um dia, a sequência continua.",
    );
    expect(streakFreezeText({ banked: 0, coversYesterday: false })).toBeNull();
    // The displayed streak follows the same rule: alive through the covered day.
    expect(checkInStreak(run("2026-11-20", 7), "2026-11-22")).toBe(7);
    expect(checkInStreak([...run("2026-11-20", 7), "2026-11-22"], "2026-11-22")).toBe(8);
  });

  it("needs no more than the server's read-back window to decide the capped run", () => {
    // Random histories: the capped run from the full history equals the one from the window the SQL reads.
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const day = "2026-11-22";
    for (let trial = 0; trial < 3000; trial++) {
      const missRate = [0.05, 0.15, 0.3][trial % 3] as number;
      const days = Array.from({ length: 60 }, (_, i) => addDays(day, -(i + 1))).filter(() => next() > missRate);
      const windowed = days.filter((d) => d >= addDays(day, -STREAK_READ_BACK_DAYS));
      const capped = (history: string[]) => Math.min(STREAK_BONUS_LOOKBACK_DAYS, previousRunDays(history, day));
      expect(capped(windowed), days.join(",")).toBe(capped(days));
    }
  });
});
