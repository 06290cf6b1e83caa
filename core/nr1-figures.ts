/**
 * How an NR-1 cell's released figures are printed and classified (docs/decisions/060): as ranges clipped
 * to their scale, made consistent with each other, and classified by the criteria's own probability bands
 * (% of answers in the adverse band), or 'inconclusivo' when the range does not sit in one band. The
 * screen, the CSV, the inventory's line d (PDF and XLSX) all read these, so a figure reads the same
 * everywhere. Pure rules, no I/O.
 */
import { formatNumber } from "./format.ts";
import type { RiskLevelTone } from "./risk-levels.ts";
import { proposedProbability } from "./risks.ts";

/** A 90 % range on a figure's scale, whole points, never outside the scale. */
export type FigureRange = { low: number; high: number };

export const INCONCLUSIVE = "inconclusivo: grupo pequeno demais";

/**
 * The released value ± its 90 % margin, rounded outward to whole points and clipped to the scale: the
 * noise can push a mean past the scale's ends, and '100 ± 45 %' is a range nobody can sign.
 */
export function clippedRange(value: number, margin: number | null, max = 100): FigureRange {
  const spread = margin ?? 0;
  const clamp = (x: number) => Math.min(max, Math.max(0, x));
  return { low: clamp(Math.floor(value - spread)), high: clamp(Math.ceil(value + spread)) };
}

/** 'entre 55 % e 100 %' (a share) or 'entre 40 e 62' (an index); one point when the range has closed. */
export function formatRange(range: FigureRange, unit: "%" | "" = ""): string {
  const point = (x: number) => (unit ? `${formatNumber(x)} ${unit}` : formatNumber(x));
  return range.low === range.high ? point(range.low) : `entre ${point(range.low)} e ${point(range.high)}`;
}

/**
 * The index and the adverse share count the same people: everyone in the adverse band has an index of
 * at least the cutoff, everyone else less. So a share a bounds the index to [a·c, a·100 + (1 − a)·c],
 * and an index i bounds the share to [(i − c)/(100 − c), i/c]. Their noises are independent; the ranges
 * are narrowed to what both allow, and when nothing is (an index of 0 beside '100 % adverso'), the cell
 * is too noisy to say anything: null.
 */
export function consistentRanges(
  index: FigureRange,
  adverse: FigureRange,
  adverseCutoff: number,
): { index: FigureRange; adverse: FigureRange } | null {
  const c = adverseCutoff;
  const shareLow = adverse.low / 100;
  const shareHigh = adverse.high / 100;
  const narrowedIndex = {
    low: Math.max(index.low, Math.ceil(shareLow * c)),
    high: Math.min(index.high, Math.floor(shareHigh * 100 + (1 - shareHigh) * c)),
  };
  const narrowedAdverse = {
    low: Math.max(adverse.low, c >= 100 ? 0 : Math.ceil((100 * (index.low - c)) / (100 - c))),
    high: Math.min(adverse.high, c <= 0 ? 100 : Math.floor((100 * index.high) / c)),
  };
  if (narrowedIndex.low > narrowedIndex.high || narrowedAdverse.low > narrowedAdverse.high) return null;
  return { index: narrowedIndex, adverse: narrowedAdverse };
}

/**
 * The criteria's probability (1 to size) of an adverse-share range, or null when the range reaches into
 * more than one band: the group is too small for the figure to say which. A range that ends exactly on
 * a band's lower limit stays in the band below (its ends are rounded outward, so the limit is rounding).
 */
export function classifyShare(range: FigureRange, size: 3 | 5): number | null {
  const low = proposedProbability(range.low, size);
  const high = range.high > range.low ? proposedProbability(range.high - 0.5, size) : low;
  return low === high ? low : null;
}

/**
 * The colour of a probability, so a hazard card, a heat-map cell, the PDF and the XLSX colour a cell by
 * the classification the criteria print: the lower bands green, the middle amber, the upper red.
 */
const probabilityTones: Record<3 | 5, RiskLevelTone[]> = {
  3: ["success", "warning", "danger"],
  5: ["success", "success", "warning", "danger", "danger"],
};
export function probabilityTone(probability: number | null, size: 3 | 5): RiskLevelTone | undefined {
  return probability === null ? undefined : probabilityTones[size][probability - 1];
}

/** A released cell as everyone prints it: both ranges and the classification, or why there is none. */
export type ClassifiedFigure = {
  indexRange: FigureRange;
  adverseRange: FigureRange;
  /** The criteria's probability (1 to size); null: inconclusive. */
  probability: number | null;
};

/** Ranges, their consistency and the classification of one released index and share (each with its margin). */
export function classifyFigure(
  figure: { index: number; margin: number | null; adverseShare: number; adverseMargin: number | null },
  adverseCutoff: number,
  size: 3 | 5,
): ClassifiedFigure {
  const indexRange = clippedRange(figure.index, figure.margin);
  const adverseRange = clippedRange(figure.adverseShare, figure.adverseMargin);
  const consistent = consistentRanges(indexRange, adverseRange, adverseCutoff);
  if (!consistent) return { indexRange, adverseRange, probability: null };
  return {
    indexRange: consistent.index,
    adverseRange: consistent.adverse,
    probability: classifyShare(consistent.adverse, size),
  };
}

/** 'entre 55 % e 100 % das respostas em faixa adversa (Provável)' or the inconclusive note with its range. */
export function describeClassified(
  figure: { adverseRange: FigureRange | null; probability: number | null },
  probabilityLabels: readonly string[],
): string {
  if (!figure.adverseRange) return "parcela em faixa adversa oculta";
  const share = `${formatRange(figure.adverseRange, "%")} das respostas em faixa adversa`;
  if (figure.probability === null) return `${share}, ${INCONCLUSIVE}`;
  return `${share} (${probabilityLabels[figure.probability - 1] ?? figure.probability})`;
}
