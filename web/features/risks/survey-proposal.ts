import { formatRange, INCONCLUSIVE } from "#core/nr1-figures.ts";
import type { CampaignFigures } from "#core/schemas/risk-responses.ts";

type Results = NonNullable<CampaignFigures["results"]>;

/**
 * The probability the survey proposes for a sector and hazard (docs/decisions/060): the criteria's class
 * of the shown row that holds the sector's answers (its dimension with the largest adverse share); when
 * that row is too small to classify, the establishment's class when that one classifies; otherwise none.
 */
export function surveyProposal(
  results: Results,
  sectorId: string,
  sectorName: string,
  hazard: string,
): { proposed: number | null; hint: string } {
  const none = "Sem resultado visível para este setor: avalie por outras evidências.";
  const row =
    results.rows.find((r) => r.sectorId === sectorId) ?? results.rows.find((r) => r.pooledFrom.includes(sectorName));
  if (!row) return { proposed: null, hint: none };
  const ids = results.dimensions.filter((d) => d.hazards.includes(hazard)).map((d) => d.id);
  const cell = row.cells
    .filter((c) => ids.includes(c.id) && c.adverseRange !== null)
    .sort((a, b) => (b.adverseShare ?? 0) - (a.adverseShare ?? 0))[0];
  if (!cell?.adverseRange) return { proposed: null, hint: none };
  const labels = results.classification.probabilityLabels;
  const share = `${formatRange(cell.adverseRange, "%")} das respostas em faixa adversa`;
  if (cell.probability !== null)
    return {
      proposed: cell.probability,
      hint: `Proposta pela pesquisa: ${cell.probability} – ${labels[cell.probability - 1]} (${share}).`,
    };
  const upward = results.hazards.find((h) => h.id === hazard);
  if (upward?.probability && upward.adverseRange)
    return {
      proposed: upward.probability,
      hint: `Setor ${INCONCLUSIVE} (${share}). Proposta pelo estabelecimento: ${upward.probability} – ${labels[upward.probability - 1]} (${formatRange(upward.adverseRange, "%")}).`,
    };
  return { proposed: null, hint: `Resultado ${INCONCLUSIVE} (${share}): avalie por outras evidências.` };
}
