// Resultados' NR-1 layer (issue 47 item 3, docs/decisions/093): with one closed campaign it says when the
// comparison will show; with two, each dimension's company-wide index before and after is the one the
// results screen released (stored once, decision 040), pooled over the shown rows, with the change; the
// PDF, the XLSX and the feed rows carry it; a later open campaign changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultadosMessages } from "#core/resultados-messages.ts";
import { instrumentKey, instruments } from "#core/risks.ts";
import type { Resultados } from "#core/schemas/resultados.ts";
import { riskCampaigns, riskEstablishments, riskResponses, riskSectors } from "#server/db/schema/index.ts";
import { resultadosRows } from "#server/features/resultados/resultados-rows.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-22T12:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
}, 120_000);
afterAll(() => t.close());

const instrument = instruments[0] ?? (undefined as never);
const scoresAt = (index: number) =>
  Object.fromEntries(instrument.dimensions.map((d) => [d.id, d.polarity === "positive" ? 100 - index : index]));

describe("the NR-1 layer of Resultados", () => {
  it("compares the last two closed campaigns per dimension from their released figures", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const [establishment] = await t.db
      .insert(riskEstablishments)
      .values({ companyId: company.id, name: "Matriz", cnpj: "11222333000181" })
      .returning();
    const establishmentId = establishment?.id ?? "";
    const sectors = await t.db
      .insert(riskSectors)
      .values(
        ["Atendimento", "Operações"].map((name) => ({
          companyId: company.id,
          establishmentId,
          name,
          kind: "setor" as const,
          headcount: 40,
        })),
      )
      .returning();
    const campaign = async (title: string, closedAt: string, index: number, status: "closed" | "open" = "closed") => {
      const [row] = await t.db
        .insert(riskCampaigns)
        .values({
          companyId: company.id,
          establishmentId,
          title,
          instrumentId: instrumentKey(instrument),
          sectorIds: sectors.map((s) => s.id),
          status,
          closesOn: closedAt.slice(0, 10),
          closedAt: status === "closed" ? new Date(closedAt) : null,
          notice: "Aviso.",
        })
        .returning({ id: riskCampaigns.id });
      const campaignId = row?.id ?? "";
      await t.db.insert(riskResponses).values(
        sectors.flatMap((sector) =>
          Array.from({ length: 30 }, () => ({
            campaignId,
            sectorId: sector.id,
            isoWeek: "2026-01-05",
            answers: {},
            scores: scoresAt(index),
          })),
        ),
      );
      return campaignId;
    };
    const read = async () => (await manager.as({ method: "GET", url: "/api/resultados" })).json() as Resultados;

    await campaign("Pesquisa 2025", "2026-01-20T12:00:00Z", 70);
    const one = await read();
    expect(one.nr1).toEqual({ before: null, after: null, dimensions: [] });
    expect(resultadosMessages.nr1Pending).toBe("Disponível quando uma segunda pesquisa for encerrada.");

    const second = await campaign("Pesquisa 2026", "2026-11-10T12:00:00Z", 40);
    const two = await read();
    expect([two.nr1.before?.title, two.nr1.after?.title]).toEqual(["Pesquisa 2025", "Pesquisa 2026"]);
    expect(two.nr1.dimensions.map((d) => d.id)).toEqual(instrument.dimensions.map((d) => d.id));
    // The shown rows' released figures, weighted by their released counts: the results screen's numbers.
    const results = (await manager.as({ method: "GET", url: `/api/risks/campaigns/${second}/results` })).json()
      .results as { rows: { responses: number; cells: { id: string; index: number | null }[] }[] };
    const first = instrument.dimensions[0]?.id ?? "";
    const weight = results.rows.reduce((sum, row) => sum + row.responses, 0);
    const pooled =
      results.rows.reduce((sum, row) => sum + row.responses * (row.cells.find((c) => c.id === first)?.index ?? 0), 0) /
      weight;
    const dimension = two.nr1.dimensions[0];
    expect(dimension?.after?.index).toBeCloseTo(pooled, 0);
    expect(two.nr1.after?.n).toBe(weight);
    expect(dimension?.before?.index).toBeGreaterThan(55);
    expect(dimension?.after?.index).toBeLessThan(55);
    expect(dimension?.change).toBeCloseTo((dimension?.after?.index ?? 0) - (dimension?.before?.index ?? 0), 1);
    expect(dimension?.after?.margin).toBeGreaterThan(0);

    // Read again: the same stored figures, not a new release.
    expect((await read()).nr1).toEqual(two.nr1);
    // An open campaign is not a side.
    await campaign("Pesquisa 2027", "2026-12-10T12:00:00Z", 10, "open");
    expect((await read()).nr1).toEqual(two.nr1);

    const rows = resultadosRows(two).filter((row) => row.camada === "NR-1");
    expect(rows).toHaveLength(3 * instrument.dimensions.length);
    expect(rows[2]).toMatchObject({ periodo: "2026-11", valor: dimension?.change });
    for (const format of ["resumo.pdf", "resultados.xlsx"]) {
      const file = await manager.as({ method: "GET", url: `/api/resultados/${format}` });
      expect(file.statusCode).toBe(200);
    }
  });
});
