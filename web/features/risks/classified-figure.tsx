import { formatRange, INCONCLUSIVE } from "#core/nr1-figures.ts";
import type { CampaignFigures } from "#core/schemas/risk-responses.ts";

type Results = NonNullable<CampaignFigures["results"]>;
type Figure = Results["hazards"][number];

/**
 * A released cell or hazard as the criteria read it (docs/decisions/060): its class (the probability the
 * adverse share falls in), the share and the index as ranges on their scales; 'inconclusivo' when the
 * group is too small to say which band, with the establishment's figure when that one classifies.
 */
export function ClassifiedFigure({
  figure,
  labels,
  upward,
}: {
  figure: Figure;
  labels: readonly string[];
  /** The establishment's figure for the same hazard, offered when this one is inconclusive. */
  upward?: Figure | undefined;
}) {
  if (!figure.adverseRange || !figure.indexRange) return <span className="text-xs text-muted">Oculto</span>;
  return (
    <>
      <strong className="block">
        {figure.probability === null ? INCONCLUSIVE : (labels[figure.probability - 1] ?? figure.probability)}
      </strong>
      <span className="block text-xs">{formatRange(figure.adverseRange, "%")} adverso</span>
      <span className="block text-xs">índice {formatRange(figure.indexRange)}</span>
      {figure.inconclusive && upward?.probability && upward.adverseRange ? (
        <span className="block text-xs">
          No estabelecimento: {labels[upward.probability - 1]} ({formatRange(upward.adverseRange, "%")} adverso)
        </span>
      ) : null}
    </>
  );
}
