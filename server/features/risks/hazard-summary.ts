/**
 * A campaign's released cells as everyone prints them (docs/decisions/060): each cell's index and adverse
 * share as ranges on their scales, made consistent, and classified by the criteria's probability bands
 * (or inconclusive); and the 13 hazards, the establishment's figure, from the released cells only.
 */
import { type ClassifiedFigure, classifyFigure } from "#core/nr1-figures.ts";
import { hazards, type Instrument } from "#core/risks.ts";

/** The criteria a cell is classified by: their probability scale (size, labels) and the instrument's adverse cutoff. */
export type Classification = { size: 3 | 5; probabilityLabels: string[]; adverseCutoff: number };

type Released = {
  index: number | null;
  margin: number | null;
  adverseShare: number | null;
  adverseMargin: number | null;
};

/**
 * One released cell: index 0–100 and adverse share in %, each with its 90 % margin and its range; null
 * where the layer hid it. `probability` is the criteria's class (null when hidden or inconclusive).
 */
export type Cell = Released & {
  id: string;
  name: string;
  indexRange: ClassifiedFigure["indexRange"] | null;
  adverseRange: ClassifiedFigure["adverseRange"] | null;
  probability: number | null;
  /** Shown, but its range reaches into more than one band (or index and share contradict): a group too small. */
  inconclusive: boolean;
};

export function classifyCell(
  identity: { id: string; name: string },
  released: Released,
  classification: Classification,
): Cell {
  const { index, adverseShare } = released;
  if (index === null || adverseShare === null)
    return { ...identity, ...released, indexRange: null, adverseRange: null, probability: null, inconclusive: false };
  const classified = classifyFigure(
    { index, margin: released.margin, adverseShare, adverseMargin: released.adverseMargin },
    classification.adverseCutoff,
    classification.size,
  );
  return { ...identity, ...released, ...classified, inconclusive: classified.probability === null };
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The 13 hazards, from the released cells only (no new release): per dimension the mean of the shown
 * rows' cells weighted by their released respondents, its margins combined as independent noises; then,
 * per hazard, the dimension with the largest adverse share (what the criteria classify by).
 */
export function hazardSummary(
  instrument: Instrument,
  classification: Classification,
  rows: { responses: number; cells: Cell[] }[],
): (Cell & { id: string })[] {
  const overall = instrument.dimensions.map((dimension) => {
    const parts = rows.flatMap((row) => {
      const cell = row.cells.find((c) => c.id === dimension.id);
      return cell && cell.index !== null && cell.adverseShare !== null ? [{ weight: row.responses, cell }] : [];
    });
    const total = parts.reduce((sum, part) => sum + part.weight, 0);
    const combined = (value: (cell: Cell) => number | null) => ({
      mean: oneDecimal(parts.reduce((sum, part) => sum + part.weight * (value(part.cell) ?? 0), 0) / total),
    });
    const margin = (value: (cell: Cell) => number | null) =>
      oneDecimal(Math.sqrt(parts.reduce((sum, part) => sum + (part.weight * (value(part.cell) ?? 0)) ** 2, 0)) / total);
    const released: Released =
      total <= 0
        ? { index: null, margin: null, adverseShare: null, adverseMargin: null }
        : {
            index: combined((cell) => cell.index).mean,
            margin: margin((cell) => cell.margin),
            adverseShare: combined((cell) => cell.adverseShare).mean,
            adverseMargin: margin((cell) => cell.adverseMargin),
          };
    return classifyCell({ id: dimension.id, name: dimension.name }, released, classification);
  });
  return hazards.map((hazard) => {
    const dimensionIds = instrument.dimensions.filter((d) => d.hazards.includes(hazard.id)).map((d) => d.id);
    const worst = overall
      .filter((cell) => dimensionIds.includes(cell.id) && cell.adverseShare !== null)
      .sort((a, b) => (b.adverseShare ?? 0) - (a.adverseShare ?? 0) || (b.index ?? 0) - (a.index ?? 0))[0];
    const empty = { index: null, margin: null, adverseShare: null, adverseMargin: null };
    return worst
      ? { ...worst, id: hazard.id, name: hazard.name }
      : { ...classifyCell({ id: hazard.id, name: hazard.name }, empty, classification) };
  });
}
