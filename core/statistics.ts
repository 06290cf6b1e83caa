/**
 * The tests behind 'Insights da equipe' (docs/decisions/019): small, exact
 * formulas with their names, each returning a two-sided p-value. No model,
 * no training: statistics on the published daily figures.
 */

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erf, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

const twoSided = (z: number) => Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));

/** Two-proportion z-test (pooled): is x1/n1 different from x2/n2? */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number): { z: number; p: number } {
  if (n1 <= 0 || n2 <= 0) return { z: 0, p: 1 };
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return { z: 0, p: 1 };
  const z = (x2 / n2 - x1 / n1) / se;
  return { z, p: twoSided(z) };
}

/**
 * Mann–Whitney U test (normal approximation with tie correction): do the
 * values of `a` tend to be lower or higher than those of `b`?
 */
export function mannWhitneyU(a: number[], b: number[]): { u: number; z: number; p: number } {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) return { u: 0, z: 0, p: 1 };
  const all = [...a.map((value) => ({ value, inA: true })), ...b.map((value) => ({ value, inA: false }))].sort(
    (x, y) => x.value - y.value,
  );
  const ranks = new Array<number>(all.length);
  let tieTerm = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]?.value === all[i]?.value) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[k] = rank;
    const ties = j - i + 1;
    tieTerm += ties ** 3 - ties;
    i = j + 1;
  }
  const rankSumA = all.reduce((sum, item, i) => sum + (item.inA ? (ranks[i] ?? 0) : 0), 0);
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return { u, z: 0, p: 1 };
  const z = (u - (n1 * n2) / 2) / Math.sqrt(variance);
  return { u, z, p: twoSided(z) };
}

/** Pearson correlation, with its p-value from Fisher's z-transformation. */
export function pearson(xs: number[], ys: number[]): { r: number; p: number; n: number } {
  const n = Math.min(xs.length, ys.length);
  if (n < 4) return { r: 0, p: 1, n };
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / n;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return { r: 0, p: 1, n };
  const r = Math.max(-0.999999, Math.min(0.999999, sxy / Math.sqrt(sxx * syy)));
  const z = Math.atanh(r) * Math.sqrt(n - 3);
  return { r, p: twoSided(z), n };
}

export type Confidence = "alta" | "média" | "baixa";

/** How sure a finding is, from its p-value: below 1 % high, below 5 % medium, else low (could be chance). */
export function confidenceOf(p: number): Confidence {
  if (p < 0.01) return "alta";
  if (p < 0.05) return "média";
  return "baixa";
}
