// Issue 45 item 5 (docs/decisions/060): the inventory's line d, in the PDF and the XLSX, prints the survey's
// figures as ranges clipped to their scale ('entre 55 % e 100 %', never '100 ± 45 %'), classified by the
// criteria's own probability bands or called inconclusive, the same text in both files and on the results.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INCONCLUSIVE } from "#core/nr1-figures.ts";
import { defaultCriteria } from "#core/risks.ts";
import { pdfText } from "#tests/api/pdf-text.ts";
import { allAnswers, riskCompany, storedAnswers } from "#tests/api/risks.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const labels = defaultCriteria(5).probability.map((p) => p.label);
/** Line d's survey sentence: the share as a range, its class or the inconclusive note, the index as a range. */
const SURVEY_LINE = new RegExp(
  `entre (\\d+) % e (\\d+) % das respostas em faixa adversa( \\((${labels.join("|")})\\)|, ${INCONCLUSIVE})` +
    `(; no estabelecimento, [^;]+)?; índice de risco entre (\\d+) e (\\d+) \\(0 a 100\\)`,
);

describe("NR-1 figures in the inventory's PDF and XLSX", () => {
  it("prints ranges within the scale and the criteria's class, never '±', the same in both files", async () => {
    const { manager, campaign, large, members, establishment } = await riskCompany(t, { large: 3, small: 0 });
    const as = manager.as;
    await as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/open`, payload: {} });
    for (const member of members)
      await member.as({ method: "POST", url: `/api/risks/survey/${campaign.id}`, payload: { answers: allAnswers(1) } });
    await as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/close`, payload: {} });
    await storedAnswers(t.db, campaign.id, large.id, 40, 1);
    const criteria = (await as({ method: "POST", url: "/api/risks/criteria", payload: {} })).json();
    await as({ method: "POST", url: `/api/risks/criteria/${criteria.id}/publish`, payload: {} });
    const saved = await as({
      method: "PUT",
      url: `/api/risks/campaigns/${campaign.id}/assessments`,
      payload: {
        sectorId: large.id,
        hazard: "sobrecarga",
        probability: 4,
        severity: 4,
        rationale: "Metas acima da capacidade",
        sources: "Filas de atendimento",
        harms: "Estresse",
        measuresInPlace: "Pausas",
        evidence: ["pesquisa"],
      },
    });
    expect(saved.statusCode).toBe(200);
    // One line assessed of the fixture's sectors: the version leaves the rest out, so it is confirmed (decision 059).
    const published = await as({
      method: "POST",
      url: `/api/risks/campaigns/${campaign.id}/inventory`,
      payload: { confirmar: true },
    });
    expect(published.statusCode).toBe(201);

    const pdf = await as({ method: "GET", url: `/api/risks/establishments/${establishment.id}/export.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).not.toContain("±");
    const printed = text.match(SURVEY_LINE);
    expect(printed).not.toBeNull();

    const xlsx = await as({ method: "GET", url: `/api/risks/establishments/${establishment.id}/export.xlsx` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Inventário de riscos");
    const header = sheet?.getRow(1).values as string[];
    const column = header.findIndex((value) => String(value ?? "").startsWith("d)"));
    const lineD = String(sheet?.getRow(2).getCell(column).value ?? "");
    expect(lineD).not.toContain("±");
    const cell = lineD.match(SURVEY_LINE);
    expect(cell?.[0]).toBe(printed?.[0]);
    const [shareLow, shareHigh, indexLow, indexHigh] = [cell?.[1], cell?.[2], cell?.[6], cell?.[7]].map(Number);
    for (const [low, high] of [
      [shareLow, shareHigh],
      [indexLow, indexHigh],
    ])
      expect(0 <= (low ?? -1) && (low ?? -1) <= (high ?? -1) && (high ?? 101) <= 100).toBe(true);

    // The results screen reads the same cell: its class is the one the files print.
    const results = (await as({ method: "GET", url: `/api/risks/campaigns/${campaign.id}/results` })).json().results;
    const row = results.rows.find((r: { sectorId: string }) => r.sectorId === large.id);
    const dimension = results.dimensions.find((d: { hazards: string[] }) => d.hazards.includes("sobrecarga"));
    const shown = row.cells.find((c: { id: string }) => c.id === dimension.id);
    expect(shown.adverseRange).toEqual({ low: shareLow, high: shareHigh });
    expect(cell?.[4] ?? INCONCLUSIVE).toBe(shown.probability === null ? INCONCLUSIVE : labels[shown.probability - 1]);
  }, 120_000);
});
