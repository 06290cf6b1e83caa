/** The colours of risk levels and result bands, from the design tokens (docs/look.md); the level→tone mapping is core's. */
import { probabilityTone } from "#core/nr1-figures.ts";
import { type RiskLevelTone, riskLevelTone } from "#core/risk-levels.ts";

// Written out whole so Tailwind finds each class in the source.
const toneClass: Record<RiskLevelTone, string> = {
  success: "bg-success-soft text-fg",
  warning: "bg-warning-soft text-fg",
  danger: "bg-danger-soft text-fg",
};

export function levelClass(level: number): string {
  const tone = riskLevelTone(level);
  return tone ? toneClass[tone] : "";
}

/**
 * A survey cell or hazard coloured by the criteria's classification of its adverse share (docs/decisions/060),
 * the same as the PDF and the XLSX; an inconclusive or hidden one is neutral, never a colour.
 */
export function probabilityClass(probability: number | null, size: 3 | 5): string {
  const tone = probabilityTone(probability, size);
  return tone ? toneClass[tone] : "bg-surface text-fg border border-dashed border-border";
}
