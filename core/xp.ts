/** XP needed to go from one level to the next; the spec shows progress toward 100. */
export const XP_PER_LEVEL = 100;

export function levelFor(xp: number): number {
  return Math.floor(Math.max(0, xp) / XP_PER_LEVEL) + 1;
}

/** Progress toward the next level, 0-100, never above 100 (spec 9). */
export function levelProgress(xp: number): { xpIntoLevel: number; percent: number; nextLevelAt: number } {
  const safe = Math.max(0, xp);
  const xpIntoLevel = safe % XP_PER_LEVEL;
  return {
    xpIntoLevel,
    percent: Math.min(100, Math.round((xpIntoLevel / XP_PER_LEVEL) * 100)),
    nextLevelAt: levelFor(safe) * XP_PER_LEVEL,
  };
}
