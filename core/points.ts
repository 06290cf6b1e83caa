/**
 * Engagement points (docs/decisions/006): one point per XP earned, awarded in
 * the same write as the XP. Content unlocks when points reach its threshold.
 */
export function pointsForXp(xpEarned: number): number {
  return Math.max(0, xpEarned);
}

export function isContentUnlocked(pointsRequired: number, points: number): boolean {
  return points >= pointsRequired;
}

export function pointsMissing(pointsRequired: number, points: number): number {
  return Math.max(0, pointsRequired - points);
}
