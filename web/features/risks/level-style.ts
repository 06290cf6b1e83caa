/** The colours of risk levels and result bands, from the design tokens (docs/look.md); the level→tone mapping is core's. */
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

export function bandClass(band: "ok" | "attention" | "adverse" | null): string {
  return band === "adverse" ? levelClass(2) : band === "attention" ? levelClass(1) : band === "ok" ? levelClass(0) : "";
}
