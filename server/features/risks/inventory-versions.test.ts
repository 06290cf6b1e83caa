import { asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { riskMessages } from "#core/risk-messages.ts";
import { instrumentKey, instruments } from "#core/risks.ts";
import { auditLog, riskInventoryVersions } from "#server/db/schema/index.ts";
import { pdfPages } from "#tests/api/pdf-text.ts";
import { allAnswers, riskCompany, storedAnswers } from "#tests/api/risks.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const assessment = (sectorId: string, hazard: string) => ({
  sectorId,
  hazard,
  probability: 3,
  severity: 4,
  rationale: "Respostas em faixa adversa",
  sources: "Metas e escalas",
  harms: "Estresse",
  measuresInPlace: "Pausas",
  evidence: ["pesquisa"],
});

describe("publishing an inventory version: preview, confirmation, every version readable (issue 45, 059)", () => {
  it("names what a version leaves out, refuses it unconfirmed, and prints each version as it was published", async () => {
    const setup = await riskCompany(t, { large: 5, small: 0 });
    const { manager, campaign, large, small, members, establishment, post } = setup;
    const as = manager.as;
    const criteria = (await as({ method: "POST", url: "/api/risks/criteria", payload: {} })).json();
    await as({ method: "POST", url: `/api/risks/criteria/${criteria.id}/publish`, payload: {} });
    await as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/open`, payload: {} });
    for (const member of members)
      await member.as({ method: "POST", url: `/api/risks/survey/${campaign.id}`, payload: { answers: allAnswers(5) } });
    await as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/close`, payload: {} });
    await storedAnswers(t.db, campaign.id, large.id, 40, 5);
    const assess = (campaignId: string, sectorId: string, hazard: string) =>
      as({
        method: "PUT",
        url: `/api/risks/campaigns/${campaignId}/assessments`,
        payload: assessment(sectorId, hazard),
      });
    const preview = async (campaignId: string) => {
      const response = await as({ method: "GET", url: `/api/risks/campaigns/${campaignId}/inventory-preview` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const publish = (campaignId: string, payload: Record<string, unknown> = {}) =>
      as({ method: "POST", url: `/api/risks/campaigns/${campaignId}/inventory`, payload });
    const versions = () =>
      t.db
        .select()
        .from(riskInventoryVersions)
        .where(eq(riskInventoryVersions.establishmentId, establishment.id))
        .orderBy(asc(riskInventoryVersions.version));

    // Version 1: two lines of Atendimento; the night shift, surveyed with it, has none.
    for (const hazard of ["sobrecarga", "assedio"])
      expect((await assess(campaign.id, large.id, hazard)).statusCode).toBe(200);
    const first = await preview(campaign.id);
    expect(first).toMatchObject({
      version: 1,
      replaces: null,
      droppedLines: [],
      sectorsWithoutLines: [{ id: small.id, name: "Plantão noturno" }],
      orphanedActions: [],
      needsConfirmation: true,
    });
    expect(first.lines.map((line: { hazard: string }) => line.hazard).sort()).toEqual(["assedio", "sobrecarga"]);
    expect(first.lines[0]).toMatchObject({
      sectorName: "Atendimento",
      level: expect.any(String),
      decision: expect.any(String),
    });

    // Unconfirmed: a 409 with the reason, and nothing saved (no version, no audit entry, no review date).
    const refused = await publish(campaign.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(riskMessages.inventoryNeedsConfirmation);
    expect((await publish(campaign.id, { confirmar: "sim" })).statusCode).toBe(400);
    expect(await versions()).toEqual([]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, "risk-inventory.publish"))).toEqual([]);
    expect((await as({ method: "GET", url: "/api/risks" })).json().establishments[0].nextReviewOn).toBeNull();
    const v1 = await publish(campaign.id, { confirmar: true });
    expect(v1.statusCode).toBe(201);
    expect(v1.json().message).toBe(riskMessages.inventoryPublished(1));

    // The plan, made after version 1.
    const action = (hazard: string, title: string) => ({
      sectorId: large.id,
      hazard,
      title,
      hierarchy: "organizacional",
      owner: "Coordenação",
      dueOn: "2027-03-31",
      status: "planejada",
      followUp: "",
      measurement: "",
      effectiveness: "",
    });
    const overload = await post("/api/risks/actions", action("sobrecarga", "Redimensionar metas de atendimento"));
    await post("/api/risks/actions", action("assedio", "Criar roda de conversa sobre respeito"));

    // Version 2, from a new campaign that assesses overload again and the night shift, but not harassment.
    const next = await post("/api/risks/campaigns", {
      establishmentId: establishment.id,
      title: "Pesquisa 2027",
      instrumentId: instrumentKey(instruments[0] ?? ({} as never)),
      sectorIds: [large.id],
      closesOn: "2099-12-31",
      notice: "Pesquisa anônima e voluntária sobre as condições de trabalho (NR-1, item 1.5.3.3).",
    });
    await post(`/api/risks/campaigns/${next.id}/open`, {});
    await post(`/api/risks/campaigns/${next.id}/close`, {});
    for (const sectorId of [large.id, small.id])
      expect((await assess(next.id, sectorId, "sobrecarga")).statusCode).toBe(200);
    const second = await preview(next.id);
    expect(second).toMatchObject({
      version: 2,
      replaces: 1,
      droppedLines: [
        {
          sectorId: large.id,
          sectorName: "Atendimento",
          hazard: "assedio",
          hazardName: "Assédio de qualquer natureza",
        },
      ],
      sectorsWithoutLines: [],
      orphanedActions: [
        {
          title: "Criar roda de conversa sobre respeito",
          sectorName: "Atendimento",
          hazardName: "Assédio de qualquer natureza",
        },
      ],
      needsConfirmation: true,
    });
    expect((await publish(next.id)).statusCode).toBe(409);
    expect((await versions()).map((v) => v.version)).toEqual([1]);
    expect((await publish(next.id, { confirmar: true })).statusCode).toBe(201);
    // Version 2 holds the plan as it stood when it was published.
    const [, secondRow] = await versions();
    expect(secondRow?.content.plan?.actions.map((a) => a.title).sort()).toEqual([
      "Criar roda de conversa sobre respeito",
      "Redimensionar metas de atendimento",
    ]);

    // The plan changes after version 2.
    await as({
      method: "PATCH",
      url: `/api/risks/actions/${overload.id}`,
      payload: action("sobrecarga", "Redimensionar metas (revisado)"),
    });

    // Both versions are listed with their content, each readable as published.
    const overview = (await as({ method: "GET", url: "/api/risks" })).json();
    expect(overview.inventories.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const [v2Row, v1Row] = overview.inventories;
    expect(v1Row.content.lines.map((l: { hazard: string }) => l.hazard).sort()).toEqual(["assedio", "sobrecarga"]);

    const pdfText = async (url: string) => {
      const response = await as({ method: "GET", url });
      expect(response.statusCode, response.body).toBe(200);
      return { response, text: (await pdfPages(new Uint8Array(response.rawPayload))).join(" ") };
    };
    const v1Pdf = await pdfText(`/api/risks/inventory-versions/${v1Row.id}/export.pdf`);
    expect(v1Pdf.response.headers["content-disposition"]).toBe(
      'attachment; filename="inventario-riscos-matriz-versao-1.pdf"',
    );
    expect(v1Pdf.text).toContain("Versão (revisão) 1");
    expect(v1Pdf.text).toContain("Assédio de qualquer natureza");
    // Version 1 was published before the plan existed: its document has no action, today or ever.
    expect(v1Pdf.text).not.toContain("Redimensionar");
    expect(v1Pdf.text).not.toContain("roda de conversa");
    expect((await pdfText(`/api/risks/inventory-versions/${v1Row.id}/export.pdf`)).text).toBe(v1Pdf.text);
    const v2Pdf = await pdfText(`/api/risks/inventory-versions/${v2Row.id}/export.pdf`);
    expect(v2Pdf.text).toContain("Versão (revisão) 2");
    expect(v2Pdf.text).toContain("Redimensionar metas de atendimento");
    expect(v2Pdf.text).not.toContain("(revisado)");
    // The establishment's 'Baixar PDF' stays the working copy: the version in force with today's plan.
    const live = await pdfText(`/api/risks/establishments/${establishment.id}/export.pdf`);
    expect(live.text).toContain("Versão (revisão) 2");
    expect(live.text).toContain("Redimensionar metas (revisado)");

    const xlsx = await as({ method: "GET", url: `/api/risks/inventory-versions/${v1Row.id}/export.xlsx` });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const info = book.getWorksheet("Identificação");
    const version = info?.getRows(1, info.rowCount)?.find((row) => row.getCell(1).value === "Versão do inventário");
    expect(version?.getCell(2).value).toBe(1);
    expect(book.getWorksheet("Inventário de riscos")?.rowCount).toBe(1 + 2);
    expect(book.getWorksheet("Plano de ação")?.rowCount).toBe(1);

    // Another company's manager and a member cannot read them.
    const other = await companyWithManager(t.app, t.db);
    const foreign = await other.manager.as({
      method: "GET",
      url: `/api/risks/inventory-versions/${v1Row.id}/export.pdf`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(riskMessages.inventoryVersionNotFound);
    expect(
      (await other.manager.as({ method: "GET", url: `/api/risks/campaigns/${campaign.id}/inventory-preview` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await members[0]?.as({ method: "GET", url: `/api/risks/inventory-versions/${v1Row.id}/export.xlsx` }))
        ?.statusCode,
    ).toBe(403);
  }, 180_000);
});
