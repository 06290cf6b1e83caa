/**
 * The colours of the three NR-1 risk levels (0 lowest), shared by the screens
 * (web/features/risks/level-style.ts), the PDF and the XLSX so a level reads
 * the same everywhere (docs/decisions/051). The hex values are the light
 * theme's tokens of web/app.css: paper is light.
 */
export const riskLevelTones = ["success", "warning", "danger"] as const;
export type RiskLevelTone = (typeof riskLevelTones)[number];

/** `soft` fills the cell, `strong` writes its name and draws its edge (AA contrast on soft). */
export const riskToneColours: Record<RiskLevelTone, { strong: string; soft: string }> = {
  success: { strong: "#157347", soft: "#e3f4ea" },
  warning: { strong: "#8a5a00", soft: "#fff4d6" },
  danger: { strong: "#b42318", soft: "#fdecea" },
};

export function riskLevelTone(levelIndex: number): RiskLevelTone | undefined {
  return riskLevelTones[levelIndex];
}
