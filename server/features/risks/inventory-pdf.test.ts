import { describe, expect, it } from "vitest";
import { defaultCriteria, hazardName, levelOf } from "#core/risks.ts";
import type { RiskInventoryLine } from "#core/schemas/risk-inventory.ts";
import { pdfPages } from "#tests/api/pdf-text.ts";
import { inventoryPdf } from "./inventory-pdf.ts";

const criteria = { ...defaultCriteria(5), version: 3 };
const line = (i: number): RiskInventoryLine => {
  const level = levelOf(criteria, 1 + (i % 5), 1 + ((i * 2) % 5));
  return {
    sectorId: `s${i}`,
    sectorName: `Setor ${i + 1}`,
    activities: "Atendimento ao público, conferência de documentos e fechamento de caixa no fim do turno",
    hazard: "sobrecarga",
    hazardName: hazardName("sobrecarga"),
    harms: "Estresse, esgotamento, ansiedade, distúrbios do sono",
    sources: "Metas por hora, filas, ferramentas lentas e interrupções frequentes",
    exposed: 10 + i,
    measuresInPlace: "Pausas previstas na NR-17 e rodízio de postos",
    monitoring:
      "Pesquisa: entre 41 % e 70 % das respostas em faixa adversa, inconclusivo: grupo pequeno demais; índice de risco entre 53 e 71 (0 a 100), cerca de 30 respostas.",
    severity: 1 + (i % 5),
    probability: 1 + ((i * 2) % 5),
    level: level.name,
    levelIndex: level.index,
    decision: level.decision,
    rationale: "Relatos na CIPA e absenteísmo acima da média do ano anterior",
    evidence: ["Pesquisa com trabalhadores"],
  };
};

describe("the inventory PDF", () => {
  it("repeats the table header on each page the inventory runs over, and numbers every page", async () => {
    const pdf = await inventoryPdf({
      content: {
        companyName: "Transportes Serra Azul Ltda. Empresa de Ônibus Intermunicipais e Fretamento",
        establishmentName: "Garagem Central",
        cnpj: "11222333000181",
        campaignTitle: "Pesquisa 2026",
        campaignPeriod: { from: "2026-10-05", to: "2026-10-30" },
        instrument: { title: "Questionário Sereno", licence: "Itens escritos pela equipe Sereno." },
        criteria,
        lines: Array.from({ length: 24 }, (_, i) => line(i)),
      },
      version: 4,
      issuedOn: "2026-11-03",
      publishedBy: "Ana Souza",
      retainUntil: "2046-11-03",
      nextReviewOn: "2028-11-03",
      actions: [
        {
          title: "Revisar metas",
          sectorId: "s3",
          sectorName: "Setor 4",
          hazard: "sobrecarga",
          hierarchy: "organizacional",
          owner: "Coordenação de Atendimento",
          dueOn: "2027-03-31",
          status: "em_andamento",
          followUp: "Reunião mensal com a equipe",
          measurement: "Índice de sobrecarga",
          effectiveness: "",
          evidenceFiles: [],
        },
      ],
      records: [],
      triggers: [],
    });
    const pages = await pdfPages(new Uint8Array(pdf));
    const inventoryPages = pages.filter((page) => page.includes("Setor 1") || page.includes("Setor 24"));
    const withRows = pages.filter((page) => /Setor \d+ Atendimento ao público/.test(page));
    expect(withRows.length).toBeGreaterThan(1);
    for (const page of withRows) expect(page).toContain("a) Processos e ambientes de trabalho b) Atividades c) Perigo");
    // Each line is printed once, in order, over those pages.
    const printed = withRows.join(" ").match(/Setor \d+(?= Atendimento)/g);
    expect(printed).toEqual(Array.from({ length: 24 }, (_, i) => `Setor ${i + 1}`));
    expect(inventoryPages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain("Período da avaliação 05/10/2026 a 30/10/2026");
    expect(pages[0]).toContain("Transportes Serra Azul Ltda. Empresa de Ônibus");
    for (const [i, page] of pages.entries())
      expect(page).toContain(`Versão 4 · emitido em 03/11/2026 · Página ${i + 1} de ${pages.length}`);
  });
});
