import { describe, expect, it } from "vitest";
import { INCONCLUSIVE } from "#core/nr1-figures.ts";
import { defaultCriteria } from "#core/risks.ts";
import type { CampaignFigures } from "#core/schemas/risk-responses.ts";
import { surveyProposal } from "./survey-proposal.ts";

type Results = NonNullable<CampaignFigures["results"]>;
type Cell = Results["hazards"][number];

const cell = (id: string, probability: number | null, low: number, high: number): Cell => ({
  id,
  name: id,
  index: 50,
  margin: 5,
  adverseShare: (low + high) / 2,
  adverseMargin: (high - low) / 2,
  indexRange: { low: 45, high: 55 },
  adverseRange: { low, high },
  probability,
  inconclusive: probability === null,
});

const results = (sectorCell: Cell, establishment: Cell): Results => ({
  dimensions: [{ id: "demandas", name: "Demandas", hazards: ["sobrecarga"] }],
  rows: [
    { sectorId: "s1", name: "Loja", pooledFrom: [], invited: 8, responses: 7, responsesMargin: 2, cells: [sectorCell] },
  ],
  hiddenSectors: [],
  hazards: [{ ...establishment, id: "sobrecarga" }],
  cutoffs: { attention: 40, adverse: 60 },
  classification: { size: 5, probabilityLabels: defaultCriteria(5).probability.map((p) => p.label), adverseCutoff: 60 },
});

describe("the probability the survey proposes (docs/decisions/060)", () => {
  it("is the sector's class when its range sits in one band", () => {
    const proposal = surveyProposal(
      results(cell("demandas", 4, 55, 70), cell("x", 3, 30, 40)),
      "s1",
      "Loja",
      "sobrecarga",
    );
    expect(proposal).toEqual({
      proposed: 4,
      hint: "Proposta pela pesquisa: 4 – Provável (entre 55 % e 70 % das respostas em faixa adversa).",
    });
  });

  it("is merged upward to the establishment when the sector is inconclusive, and none when both are", () => {
    const upward = surveyProposal(
      results(cell("demandas", null, 20, 90), cell("x", 3, 30, 40)),
      "s1",
      "Loja",
      "sobrecarga",
    );
    expect(upward.proposed).toBe(3);
    expect(upward.hint).toBe(
      `Setor ${INCONCLUSIVE} (entre 20 % e 90 % das respostas em faixa adversa). Proposta pelo estabelecimento: 3 – Possível (entre 30 % e 40 %).`,
    );
    const none = surveyProposal(
      results(cell("demandas", null, 20, 90), cell("x", null, 20, 60)),
      "s1",
      "Loja",
      "sobrecarga",
    );
    expect(none.proposed).toBeNull();
    expect(none.hint).toContain(`Resultado ${INCONCLUSIVE}`);
  });
});
