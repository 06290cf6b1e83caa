// The SST software's workbook (issue 48 item 6, docs/sst-export.md): one row per hazard per establishment
// and sector of the latest published inventory, with the GHE's name where the sector is a GHE, and the plan.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultCriteria } from "#core/risks.ts";
import { riskActions, riskEstablishments, riskInventoryVersions, riskSectors } from "#server/db/schema/index.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe("the SST export", () => {
  it("lays the inventory and the plan out one row per hazard, establishment and sector", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const [establishment] = await t.db
      .insert(riskEstablishments)
      .values({ companyId: company.id, name: "Matriz", cnpj: "11222333000181" })
      .returning();
    const establishmentId = establishment?.id ?? "";
    const [ghe] = await t.db
      .insert(riskSectors)
      .values({ companyId: company.id, establishmentId, name: "GHE Turno noturno", kind: "ghe", headcount: 8 })
      .returning();
    const line = {
      sectorId: ghe?.id ?? "",
      sectorName: "GHE Turno noturno",
      activities: "Atendimento",
      hazard: "sobrecarga",
      hazardName: "Sobrecarga",
      harms: "Estresse",
      sources: "Metas",
      exposed: 8,
      measuresInPlace: "Pausas",
      monitoring: "Pesquisa",
      severity: 3,
      probability: 4,
      level: "Alto",
      levelIndex: 3,
      decision: "Agir",
      rationale: "",
      evidence: [],
    };
    await t.db.insert(riskInventoryVersions).values({
      companyId: company.id,
      establishmentId,
      version: 1,
      retainUntil: "2046-12-01",
      publishedBy: "Gestora",
      content: {
        companyName: company.name,
        establishmentName: "Matriz",
        cnpj: "11222333000181",
        campaignTitle: "Pesquisa",
        campaignPeriod: null,
        instrument: { title: "Questionário", licence: "Uso livre" },
        criteria: { ...defaultCriteria(5), version: 1 },
        lines: [line, { ...line, hazard: "assedio", hazardName: "Assédio" }],
        plan: { nextReviewOn: null, actions: [], records: [], triggers: [] },
      } as never,
    });
    await t.db.insert(riskActions).values({
      companyId: company.id,
      establishmentId,
      sectorId: ghe?.id ?? "",
      hazard: "sobrecarga",
      title: "Rever metas",
      hierarchy: "organizacional",
      owner: "RH",
      dueOn: "2027-01-31",
    });
    const response = await manager.as({ method: "GET", url: "/api/risks/sst-export.xlsx" });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as never);
    const inventory = book.getWorksheet("Inventario");
    expect(inventory?.rowCount).toBe(3);
    expect(inventory?.getRow(1).getCell(4).value).toBe("GHE");
    expect(inventory?.getRow(2).values).toEqual(
      expect.arrayContaining(["11.222.333/0001-81", "Matriz", "GHE Turno noturno", "sobrecarga", 8, "Alto"]),
    );
    const plan = book.getWorksheet("Plano_de_acao");
    expect(plan?.rowCount).toBe(2);
    expect(plan?.getRow(2).values).toEqual(
      expect.arrayContaining(["GHE Turno noturno", "Rever metas", "RH", "Planejada"]),
    );
  });
});
