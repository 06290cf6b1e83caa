/**
 * The team figures of spec 9, with the privacy rule of DESIGN 4: a mood
 * aggregate over fewer than PRIVACY_MIN_GROUP distinct respondents is withheld.
 */
export const DEFAULT_PRIVACY_MIN_GROUP = 5;

export function isMoodWithheld(respondents: number, minGroup: number): boolean {
  return respondents < Math.max(3, minGroup);
}

/** check-ins ÷ (members × days) × 100, rounded to one decimal; 0 without members. */
export function participationPercent(checkIns: number, members: number, days: number): number {
  if (members <= 0 || days <= 0) return 0;
  return Math.round((checkIns / (members * days)) * 1000) / 10;
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

export function roundMood(value: number): number {
  return Math.round(value * 10) / 10;
}
