/** The colours of risk levels and result bands, from the design tokens (docs/look.md). */
export function levelClass(level: number): string {
  return ["bg-success-soft text-fg", "bg-warning-soft text-fg", "bg-danger-soft text-fg"][level] ?? "";
}

export function bandClass(band: "ok" | "attention" | "adverse" | null): string {
  return band === "adverse" ? levelClass(2) : band === "attention" ? levelClass(1) : band === "ok" ? levelClass(0) : "";
}
