/** The shape of a kind of figure's policy (core/disclosure.ts, docs/decisions/040), apart so that every policy file can name it. */
/** What one release of a figure costs each person in it, and how one person can move it. */
export type FigurePolicy = {
  /** ε of the noisy count of people (sensitivity 1: one person is in or out). */
  countEpsilon: number;
  /** ε of the noisy sum of the values; absent for a pure count. */
  valueEpsilon?: number;
  /** The range each person's value is clipped to; the sum's sensitivity is its width. */
  range?: { min: number; max: number };
  /** Values are summed on a grid of this step (default 1), so the sum's noise cannot reveal a fraction. */
  step?: number;
  /**
   * The point on the grid each value is summed around (default: the range's floor). A mean divided by a
   * noisy count errs by (mean − centre) × the count's noise: centred, a mean near the middle barely moves
   * (docs/decisions/060), as mood's sums of (value − 3) do.
   */
  centre?: number;
  /** The most releases of this figure one person can be in over a rolling year (the structure of the feature). */
  releasesPerYear: number;
};
