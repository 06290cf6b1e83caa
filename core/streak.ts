import { addDays, type IsoDay } from "./dates.ts";
import { CHECK_IN_XP } from "./exercises.ts";

/**
 * The streak freeze (docs/decisions/023): every 7 consecutive check-in days
 * earn one 'proteção de sequência', at most one banked, which covers one
 * missed day by itself so the run goes on (the covered day adds no day to the
 * run). With one banked at most, a missed day is covered exactly when the
 * unbroken stretch just before it has 7 days or more; two missed days in a
 * row, or one after a shorter stretch, end the run.
 */
export const STREAK_FREEZE_EVERY = 7;
const STREAK_FREEZE_MAX = 1;

/** Unbroken stretches of consecutive days, newest first: [first, last, length]. */
function stretchesOf(checkInDays: readonly IsoDay[], before: IsoDay): { first: IsoDay; last: IsoDay; days: number }[] {
  const days = [...new Set(checkInDays)].filter((day) => day < before).sort((a, b) => b.localeCompare(a));
  const stretches: { first: IsoDay; last: IsoDay; days: number }[] = [];
  for (const day of days) {
    const current = stretches[stretches.length - 1];
    if (current && addDays(current.first, -1) === day) {
      current.first = day;
      current.days += 1;
    } else stretches.push({ first: day, last: day, days: 1 });
  }
  return stretches;
}

/**
 * Check-in days of the run that today's check-in on `day` would continue
 * (days before `day` only), with the freeze rule: a one-day gap is crossed
 * when the stretch before it has STREAK_FREEZE_EVERY days or more.
 */
export function previousRunDays(checkInDays: readonly IsoDay[], day: IsoDay): number {
  let total = 0;
  let expectedEnd = addDays(day, -1);
  for (const stretch of stretchesOf(checkInDays, day)) {
    const continues =
      stretch.last === expectedEnd ||
      (stretch.last === addDays(expectedEnd, -1) && stretch.days >= STREAK_FREEZE_EVERY);
    if (!continues) break;
    total += stretch.days;
    expectedEnd = addDays(stretch.first, -1);
  }
  return total;
}

/**
 * The member's freeze on `today`: banked (ready to cover a missed day) when
 * the stretch running up to today, or up to yesterday before today's
 * check-in, has 7 days or more; in use when yesterday was missed and the
 * stretch before it earned one (today's check-in keeps the run).
 */
export function streakFreeze(
  checkInDays: readonly IsoDay[],
  today: IsoDay,
): { banked: number; coversYesterday: boolean } {
  const [latest] = stretchesOf(checkInDays, addDays(today, 1));
  const yesterday = addDays(today, -1);
  if (!latest) return { banked: 0, coversYesterday: false };
  if (latest.last === today || latest.last === yesterday) {
    return { banked: latest.days >= STREAK_FREEZE_EVERY ? STREAK_FREEZE_MAX : 0, coversYesterday: false };
  }
  return { banked: 0, coversYesterday: latest.last === addDays(yesterday, -1) && latest.days >= STREAK_FREEZE_EVERY };
}

/** '1 proteção de sequência' and what it does, for the member's check-in screen; null when there is none. */
export function streakFreezeText(freeze: { banked: number; coversYesterday: boolean }): string | null {
  if (freeze.coversYesterday) {
    return "Sua proteção de sequência cobriu ontem: faça o check-in hoje e a sequência continua.";
  }
  if (freeze.banked > 0) {
    return `${freeze.banked} proteção de sequência: se você faltar um dia, a sequência continua.`;
  }
  return null;
}

/**
 * The run's check-in days up to today (the freeze rule included). A run is
 * not broken until the day ends: if today has no check-in yet, it counts up
 * to yesterday.
 */
export function checkInStreak(checkInDays: readonly IsoDay[], today: IsoDay): number {
  const previous = previousRunDays(checkInDays, today);
  return checkInDays.includes(today) ? previous + 1 : previous;
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
/** Run days before today that can still raise the bonus: beyond them it is capped. */
export const STREAK_BONUS_LOOKBACK_DAYS = STREAK_BONUS_MAX / STREAK_BONUS_PER_DAY;
/**
 * Calendar days the server reads back: the capped run plus what the freeze
 * rule must see. The worst case is a run of 1–2 days, a covered gap, 7–8 days,
 * another gap, and the 7 days that earned it: 10 + 7 + 1 days
 * (core/streak.test.ts checks it on random histories).
 */
export const STREAK_READ_BACK_DAYS = STREAK_BONUS_LOOKBACK_DAYS + STREAK_FREEZE_EVERY + 1;

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
