/**
 * What the charts share: token colours (CSS variables, so the dark theme
 * follows), the axis style, and which days get a tick label.
 */
export const chartColors = {
  grid: "var(--border)",
  text: "var(--muted)",
  participation: "var(--primary)",
  mood: "var(--accent)",
  energy: "var(--success)",
  stress: "var(--danger)",
  cursor: "var(--surface-2)",
} as const;

export const axisTick = { fill: chartColors.text, fontSize: 12 };

/**
 * Tick days for a series: every day for a week, every 5 days for a month,
 * every 2 weeks up to a quarter, then the first of each month. Counted back
 * from the last day, so today always has its label.
 */
export function tickDays(days: string[]): string[] {
  const count = days.length;
  if (count > 120) return days.filter((day, index) => day.endsWith("-01") || index === 0);
  const step = count <= 10 ? 1 : count <= 31 ? 5 : 14;
  return days.filter((_, index) => (count - 1 - index) % step === 0);
}

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
