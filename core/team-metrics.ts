/**
 * The team figures of spec 9, with the privacy rules of docs/decisions/014:
 * mood figures come from closed, published days only, each with noise on
 * its sum, and a day whose members who count are fewer than PRIVACY_MIN_GROUP
 * is withheld.
 */
import { figurePolicies, isPointShown, isShown, meanMargin } from "./disclosure.ts";

export const DEFAULT_PRIVACY_MIN_GROUP = 5;

export function isMoodWithheld(respondents: number, minGroup: number): boolean {
  return isGroupWithheld(respondents, minGroup);
}

/** Any aggregate about people (moods, NR-1 answers) is withheld below the group minimum, never below 3. */
export function isGroupWithheld(people: number, minGroup: number): boolean {
  return !isShown(people, minGroup);
}

/** check-ins ÷ the members of each day, summed over the days (member-days) × 100, to one decimal; 0 without members. */
export function participationPercent(checkIns: number, memberDays: number): number {
  if (memberDays <= 0) return 0;
  return Math.round((checkIns / memberDays) * 1000) / 10;
}

/** Mean mood as a percentage (mean × 20). */
export function moodPercent(averageMood: number): number {
  return Math.round(averageMood * 20);
}

/** The wellbeing summary's icon band: 70 and above, 40 and above, below. */
export function moodBand(percent: number): "good" | "attention" | "concern" {
  if (percent >= 70) return "good";
  if (percent >= 40) return "attention";
  return "concern";
}

/** Recommended actions appear below these (team dashboard, then reports). */
export const DASHBOARD_PARTICIPATION_ALERT = 70;
export const REPORTS_PARTICIPATION_ALERT = 60;
export const MOOD_ALERT = 3;

function roundMood(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A published day or period as a mean on the 1-5 scale: 3 + noisy Σ(mood − 3) ÷ check-ins, kept within the scale. */
export function publishedMoodMean(noisyMoodDelta: number, checkIns: number): number | null {
  if (checkIns <= 0) return null;
  return roundMood(Math.min(5, Math.max(1, 3 + noisyMoodDelta / checkIns)));
}

/** A margin as shown: one decimal, rounded up (never promise more than the noise allows). */
function roundMargin(margin: number | null): number | null {
  return margin === null ? null : Math.ceil(margin * 10) / 10;
}

type PublishedFigure = { checkIns: number; noisyCheckIns: number; suppressed: boolean; noisyMoodDelta: number | null };

/**
 * A period's mood from its published days: the days that are shown, and only
 * those (complementary suppression: a hidden day never enters a total, so no
 * total minus the visible days can reveal it).
 */
export function periodMoodOf(days: PublishedFigure[]): {
  averageMood: number | null;
  margin: number | null;
  moodDays: number;
} {
  const {
    mean,
    margin,
    days: moodDays,
  } = periodMeanOf(
    days.map((day) => ({
      answers: day.checkIns,
      noisyAnswers: day.noisyCheckIns,
      noisyDelta: day.suppressed ? null : day.noisyMoodDelta,
    })),
  );
  return { averageMood: mean, margin, moodDays };
}

/**
 * One published figure on the 1–5 scale: its answers (the mean's denominator),
 * the same count as released (the margin's), and its noisy Σ(value − 3), null when hidden.
 */
export type PublishedScale = { answers: number; noisyAnswers: number; noisyDelta: number | null };

/**
 * The period mean of any published 1–5 figure (mood, energy, stress) over its
 * shown days only, with its 90 % margin (docs/decisions/040), computed from
 * released counts only so that the margin reveals no exact count.
 */
export function periodMeanOf(days: PublishedScale[]): { mean: number | null; margin: number | null; days: number } {
  let delta = 0;
  let answers = 0;
  let noisyAnswers = 0;
  let shown = 0;
  for (const day of days) {
    if (day.noisyDelta === null || day.answers === 0) continue;
    delta += day.noisyDelta;
    answers += day.answers;
    noisyAnswers += day.noisyAnswers;
    shown += 1;
  }
  const mean = publishedMoodMean(delta, answers);
  const margin = mean === null ? null : meanMargin(figurePolicies.moodDay, Math.max(1, noisyAnswers), shown);
  // Too rough to read (and, clipped to the scale, telling more than its sum): not shown (040).
  if (!isPointShown(margin)) return { mean: null, margin: null, days: shown };
  return { mean, margin: roundMargin(margin), days: shown };
}
