import { addDays, type IsoDay } from "./dates.ts";
import { CHECK_IN_XP } from "./exercises.ts";

/**
 * Consecutive check-in days up to today. A streak is not broken until the day
 * ends: if today has no check-in yet, it counts up to yesterday.
 */
export function checkInStreak(checkInDays: readonly IsoDay[], today: IsoDay): number {
  const days = new Set(checkInDays);
  let cursor = days.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (days.has(cursor)) {
    streak += 1;
    cursor = addDays(cursor, -1);
  }
  return streak;
}

/**
 * The streak bonus of the day's check-in (docs/decisions/023): +10 XP for each
 * consecutive day after the first, up to +100, so a check-in is worth at most
 * 150 XP. `runDays` counts today: 1 on the first day of a run, 4 on the fourth.
 * The server's check-in statement reads its amounts from this function
 * (streakBonusTable), so the preview and the award cannot disagree.
 */
export const STREAK_BONUS_PER_DAY = 10;
export const STREAK_BONUS_MAX = 100;
/** Days before today that can still raise the bonus: beyond them it is capped. */
export const STREAK_BONUS_LOOKBACK_DAYS = STREAK_BONUS_MAX / STREAK_BONUS_PER_DAY;

export function streakBonusXp(runDays: number): number {
  const daysAfterFirst = Math.max(0, Math.floor(runDays) - 1);
  return Math.min(STREAK_BONUS_MAX, daysAfterFirst * STREAK_BONUS_PER_DAY);
}

/** Bonus by the number of consecutive days before today (index 0 to the look-back). */
export function streakBonusTable(): number[] {
  return Array.from({ length: STREAK_BONUS_LOOKBACK_DAYS + 1 }, (_, previousDays) => streakBonusXp(previousDays + 1));
}

/** What today's check-in earns after `previousDays` consecutive days ending yesterday. */
export function checkInAward(previousDays: number): { baseXp: number; streakBonus: number; total: number } {
  const streakBonus = streakBonusXp(previousDays + 1);
  return { baseXp: CHECK_IN_XP, streakBonus, total: CHECK_IN_XP + streakBonus };
}

/** '+50 XP, +30 de sequência' (or '+50 XP' on a run's first day), for the preview and the confirmation. */
export function checkInAwardText(award: { baseXp: number; streakBonus: number }): string {
  const base = `+${award.baseXp} XP`;
  return award.streakBonus > 0 ? `${base}, +${award.streakBonus} de sequência` : base;
}

/** The confirmation after the check-in: the spec's sentence on a first day, the bonus on the others. */
export function checkInSavedMessage(award: { baseXp: number; streakBonus: number; streakDays: number }): string {
  if (award.streakBonus === 0) return `Check-in realizado! Você ganhou +${award.baseXp} XP.`;
  return `Check-in realizado! Você ganhou ${checkInAwardText(award)} (${award.streakDays} dias seguidos).`;
}
