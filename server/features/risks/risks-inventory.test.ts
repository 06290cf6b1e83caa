import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localDay } from "#core/dates.ts";
import { riskMessages } from "#core/risk-messages.ts";
import { formatIsoDay } from "#core/risks.ts";
import { auditLog } from "#server/db/schema/index.ts";
import { multipartFile } from "#tests/api/files.ts";
import { pdfPages } from "#tests/api/pdf-text.ts";
import { allAnswers, riskCompany, storedAnswers } from "#tests/api/risks.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

describe("assessment, inventory, plan and exports", () => {
  it("publishes a dated inventory with fields a–f, a plan with evidence, and exports PDF, XLSX and CSV", async () => {
    const setup = await riskCompany(t, { large: 5, small: 0 });
    const { manager, campaign, large, members, establishment } = setup;
    const as = manager.as;
    await as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/open`, payload: {} });
    for (const member of members)
      await member.as({ method: "POST", url: `/api/risks/survey/${campaign.id}`, payload: { answers: allAnswers(5) } });
    await as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/close`, payload: {} });
    // The rest of the sector, so its row is shown on its noisy count (docs/decisions/040).
    await storedAnswers(t.db, campaign.id, large.id, 40, 5);
    const assessment = {
      sectorId: large.id,
      hazard: "sobrecarga",
      probability: 4,
      severity: 4,
      rationale: "Metas de atendimento acima da capacidade da equipe",
      sources: "Filas de atendimento e metas por hora",
      harms: "Estresse, esgotamento, ansiedade",
      measuresInPlace: "Pausas previstas na NR-17",
      evidence: ["pesquisa", "absenteismo"],
    };
    const noCriteria = await as({
      method: "PUT",
      url: `/api/risks/campaigns/${campaign.id}/assessments`,
      payload: assessment,
    });
    expect(noCriteria.statusCode).toBe(409);
    expect(noCriteria.json().error.message).toBe(riskMessages.criteriaMissing);
    const criteria = (await as({ method: "POST", url: "/api/risks/criteria", payload: {} })).json();
    await as({ method: "POST", url: `/api/risks/criteria/${criteria.id}/publish`, payload: {} });
    const saved = await as({
      method: "PUT",
      url: `/api/risks/campaigns/${campaign.id}/assessments`,
      payload: assessment,
    });
    expect(saved.statusCode).toBe(200);
    // The night shift, surveyed with its parent, has no line: publishing says so until confirmed (059).
    const publish = (payload: Record<string, unknown>) =>
      as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/inventory`, payload });
    expect((await publish({})).statusCode).toBe(409);
    const published = await publish({ confirmar: true });
    expect(published.statusCode).toBe(201);
    expect(published.json().message).toBe(riskMessages.inventoryPublished(1));
    const again = await publish({ confirmar: true });
    expect(again.json().message).toBe(riskMessages.inventoryPublished(2));
    // Publishing the criteria and each inventory version leaves a line in the audit trail, with who did it.
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.companyId, setup.company.id))
      .orderBy(asc(auditLog.createdAt));
    expect(trail.map((entry) => [entry.action, entry.actorEmail, entry.details])).toEqual([
      ["risk-criteria.publish", manager.email, { version: 1, matrix: "5×5" }],
      [
        "risk-inventory.publish",
        manager.email,
        { establishment: "Matriz", version: 1, lines: 1, campaign: "Pesquisa 2026" },
      ],
      [
        "risk-inventory.publish",
        manager.email,
        { establishment: "Matriz", version: 2, lines: 1, campaign: "Pesquisa 2026" },
      ],
    ]);
    expect(trail[1]?.targetId).toBe(published.json().id);

    const action = await as({
      method: "POST",
      url: "/api/risks/actions",
      payload: {
        sectorId: large.id,
        hazard: "sobrecarga",
        title: "Redimensionar metas de atendimento",
        hierarchy: "organizacional",
        owner: "Coordenação de Atendimento",
        dueOn: "2027-03-31",
        status: "em_andamento",
        followUp: "Reunião mensal com a equipe",
        measurement: "Índice de sobrecarga na próxima pesquisa",
        effectiveness: "",
      },
    });
    expect(action.statusCode).toBe(201);
    const form = new FormData();
    form.append("file", new Blob([Buffer.from("%PDF-1.4\n%ata\n")], { type: "application/pdf" }), "ata-cipa.pdf");
    const request = new Request("http://x", { method: "POST", body: form });
    const upload = await as({
      method: "POST",
      url: `/api/risks/actions/${action.json().id}/files`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    });
    expect(upload.statusCode).toBe(201);
    const record = await as({
      method: "POST",
      url: `/api/risks/establishments/${establishment.id}/records`,
      payload: { kind: "cipa", heldOn: "2026-11-10", description: "Apresentação dos resultados à CIPA", attendees: 8 },
    });
    const recordFile = await as({
      method: "POST",
      url: `/api/risks/records/${record.json().id}/files`,
      ...(await multipartFile(Buffer.from("%PDF-1.4\n%presença\n"), "presenca-cipa.pdf")),
    });
    expect(recordFile.statusCode).toBe(201);
    const trigger = await as({
      method: "POST",
      url: `/api/risks/establishments/${establishment.id}/review-triggers`,
      payload: { kind: "organizacao", occurredOn: "2026-11-02", description: "Novo sistema de metas no atendimento" },
    });
    expect(trigger.statusCode).toBe(201);

    const pdf = await as({ method: "GET", url: `/api/risks/establishments/${establishment.id}/export.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const pages = await pdfPages(new Uint8Array(pdf.rawPayload));
    const text = pages.join(" ");
    // The cover: title, company and CNPJ formatted, period, version and issue date, who prepared it.
    const [cover = "", ...rest] = pages;
    // Days in the company's time zone (the default one here), as the manager's calendar has them.
    const today = formatIsoDay(localDay(new Date(), setup.company.timezone));
    for (const expected of [
      "Inventário de riscos psicossociais — NR-1",
      "CNPJ 11.222.333/0001-81",
      "Estabelecimento Matriz",
      `Período da avaliação ${today} a ${today} (pesquisa “Pesquisa 2026”)`,
      "Versão (revisão) 2",
      `Emitido em ${today}`,
      "Elaborado por Gestora Gil",
    ])
      expect(cover).toContain(expected);
    // Every page says which version, its date and where it sits; every page after the cover names the company.
    expect(pages.length).toBeGreaterThan(3);
    for (const [i, page] of pages.entries())
      expect(page).toContain(`Versão 2 · emitido em ${today} · Página ${i + 1} de ${pages.length}`);
    // The test company's name is long and random: the running header cuts a long name with '…', after
    // the CNPJ, so the CNPJ and the name's start are what every page must carry.
    for (const page of rest) {
      expect(page).toContain(`CNPJ 11.222.333/0001-81 · ${setup.company.name.slice(0, 16)}`);
      expect(page).toContain("Inventário de riscos psicossociais — NR-1");
    }
    expect(cover).not.toContain("CNPJ 11.222.333/0001-81 ·");
    // The matrix is a grid: 25 cells named by level, the axes' labels, a legend with each decision and the line placed.
    const matrixPage = pages.find((page) => page.includes("1. Matriz de risco")) ?? "";
    for (const expected of [
      "Severidade ↓ / Probabilidade",
      "1 Rara",
      "5 Quase certa",
      "5 Muito alta",
      "Linha 1",
      "Legenda",
    ])
      expect(matrixPage).toContain(expected);
    expect(matrixPage.match(/\b(Baixo|Moderado|Alto)\b/g)?.length).toBe(25 + 3);
    expect(matrixPage).toContain("Alto — Ação imediata (1 linha do inventário)");
    expect(matrixPage).not.toContain("Baixo | Baixo");
    for (const expected of [
      "a) Processos e ambientes de trabalho",
      "b) Atividades",
      "c) Perigo",
      "Excesso de demandas no trabalho (sobrecarga)",
      "c) Grupo de trabalhadores expostos",
      "d) Dados da análise preliminar ou do monitoramento",
      "e) Avaliação de risco",
      "S 4 × P 4",
      "Alto: Ação imediata",
      "f) Critérios: versão 1 (Anexo A)",
      "Redimensionar metas de atendimento",
      "Linha 1: Atendimento – Excesso de demandas no trabalho (sobrecarga) Alto",
      "31/03/2027",
      "ata-cipa.pdf",
      "Apresentação dos resultados à CIPA",
      "presenca-cipa.pdf",
      "Itens escritos pela equipe Sereno",
      "Revisões: motivos registrados (NR-1 1.5.4.4.6)",
      "02/11/2026 Mudança na organização do trabalho Novo sistema de metas no atendimento",
    ])
      expect(text).toContain(expected);
    // The signature block closes the document: two signatories, each with name, registration, place and date.
    const last = pages.at(-1) ?? "";
    expect(last).toContain("Responsabilidade técnica e aprovação");
    expect(last.match(/Local e data/g)).toHaveLength(2);
    expect(last).toContain("Registro profissional (CREA/MTE)");
    expect(last.match(/Assinatura/g)).toHaveLength(2);

    const xlsx = await as({ method: "GET", url: `/api/risks/establishments/${establishment.id}/export.xlsx` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      "Identificação",
      "Inventário de riscos",
      "Plano de ação",
      "Revisões",
    ]);
    const info = book.getWorksheet("Identificação");
    const infoValue = (label: string) =>
      info
        ?.getRows(1, info.rowCount)
        ?.find((row) => row.getCell(1).value === label)
        ?.getCell(2);
    expect(infoValue("CNPJ")?.value).toBe("11.222.333/0001-81");
    expect(infoValue("Versão do inventário")?.value).toBe(2);
    expect(infoValue("Emitido em")?.value).toBeInstanceOf(Date);
    expect(infoValue("Emitido em")?.numFmt).toBe("dd/mm/yyyy");
    const inventory = book.getWorksheet("Inventário de riscos");
    expect(inventory?.getRow(1).getCell(1).value).toBe("a) Processos e ambientes de trabalho");
    expect(inventory?.getRow(2).getCell(3).value).toBe("Excesso de demandas no trabalho (sobrecarga)");
    const level = inventory?.getRow(2).getCell(11);
    expect(level?.value).toBe("Alto");
    // The danger token's soft fill and strong text, as on the screen.
    expect(level?.fill).toMatchObject({ type: "pattern", pattern: "solid", fgColor: { argb: "FFFDECEA" } });
    expect(level?.font?.color?.argb).toBe("FFB42318");
    const plan = book.getWorksheet("Plano de ação");
    expect(plan?.getRow(2).getCell(1).value).toBe("Redimensionar metas de atendimento");
    const due = plan?.getRow(2).getCell(6);
    expect(due?.value).toEqual(new Date("2027-03-31T00:00:00Z"));
    expect(due?.numFmt).toBe("dd/mm/yyyy");
    const reviews = book.getWorksheet("Revisões");
    expect(reviews?.getRow(2).getCell(1).value).toEqual(new Date("2026-11-02T00:00:00Z"));
    expect(reviews?.getRow(2).getCell(2).value).toBe("Mudança na organização do trabalho");
    expect(reviews?.getRow(2).getCell(3).value).toBe("Novo sistema de metas no atendimento");
    for (const [sheet, lastColumn] of [
      [inventory, "N"],
      [plan, "K"],
      [reviews, "E"],
    ] as const) {
      expect(sheet?.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
      expect(sheet?.autoFilter).toBe(`A1:${lastColumn}2`);
      expect(sheet?.getColumn(1).width).toBeGreaterThan(10);
    }

    const csv = await as({ method: "GET", url: `/api/risks/campaigns/${campaign.id}/export.csv` });
    // Released figures with their margins; the empty sub-sector is listed as pooled, whoever answered.
    expect(csv.body).toMatch(
      /\r\nAtendimento;Plantão noturno;\d+;\d+;Sobrecarga \(excesso de demandas\);\d+(,\d)?;\d+(,\d)?;/,
    );
    expect(csv.body.split("\r\n").filter(Boolean)).toHaveLength(1 + 13);

    const member = members[0];
    if (!member) throw new Error("no member");
    const shared = (await member.as({ method: "GET", url: "/api/risks/published" })).json();
    expect(shared.establishments[0]).toMatchObject({ name: "Matriz", version: 2 });
    expect(shared.establishments[0].actions[0].title).toBe("Redimensionar metas de atendimento");
    for (const url of [
      `/api/risks/establishments/${establishment.id}/export.pdf`,
      `/api/risks/campaigns/${campaign.id}/export.csv`,
      `/api/risks/campaigns/${campaign.id}/results`,
    ])
      expect((await member.as({ method: "GET", url })).statusCode).toBe(403);
    const other = await companyWithManager(t.app, t.db);
    expect(
      (await other.manager.as({ method: "GET", url: `/api/risks/establishments/${establishment.id}/export.xlsx` }))
        .statusCode,
    ).toBe(404);
  }, 120_000);

  it("exports a sector named like a formula as plain text, in a file that opens with the BOM", async () => {
    const { manager, campaign, large, members } = await riskCompany(t, { large: 5, small: 0 });
    const formula = '=HYPERLINK("http://x","y")';
    const renamed = await manager.as({
      method: "PATCH",
      url: `/api/risks/sectors/${large.id}`,
      payload: { name: formula },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/open`, payload: {} });
    for (const [i, member] of members.entries())
      await member.as({
        method: "POST",
        url: `/api/risks/survey/${campaign.id}`,
        payload: { answers: allAnswers(1 + i) },
      });
    await manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/close`, payload: {} });
    await storedAnswers(t.db, campaign.id, large.id);
    const csv = await manager.as({ method: "GET", url: `/api/risks/campaigns/${campaign.id}/export.csv` });
    expect(csv.statusCode).toBe(200);
    const [header, first] = csv.body.split("\r\n");
    expect(header).toBe(
      "\uFEFFsetor;agrega;respostas_aprox;margem_respostas;dimensao;indice_risco_0_100;margem_indice;percentual_adverso;margem_percentual;faixa_indice;faixa_percentual_adverso;classificacao",
    );
    expect(first).toMatch(
      /^"'=HYPERLINK\(""http:\/\/x"",""y""\)";Plantão noturno;\d+;\d+;[^;]+;\d+(,\d)?;\d+(,\d)?;\d+(,\d)?;\d+(,\d)?;(entre \d+ e \d+|\d+);(entre \d+ % e \d+ %|\d+ %);[^;]+$/,
    );
  }, 120_000);

  it("keeps files on a participation record: minutes and attendance lists, downloaded in the company only", async () => {
    const { manager, establishment, company } = await riskCompany(t, { large: 1, small: 0 });
    const as = manager.as;
    const created = await as({
      method: "POST",
      url: `/api/risks/establishments/${establishment.id}/records`,
      payload: {
        kind: "reuniao",
        heldOn: "2026-11-12",
        description: "Roda de conversa sobre as escalas",
        attendees: 14,
      },
    });
    expect(created.statusCode).toBe(201);
    const recordId = created.json().id as string;
    const minutes = Buffer.from("%PDF-1.4\n%lista de presença\n");
    const upload = (bytes: Buffer, name: string, who = as, url = `/api/risks/records/${recordId}/files`) =>
      multipartFile(bytes, name).then((body) => who({ method: "POST", url, ...body }));

    const attached = await upload(minutes, "lista-presença.pdf");
    expect(attached.statusCode).toBe(201);
    expect(attached.json().message).toBe(riskMessages.recordFileAttached);
    const notAllowed = await upload(Buffer.from("MZ\x90\x00 not a pdf"), "virus.exe");
    expect(notAllowed.statusCode).toBe(415);
    expect(notAllowed.json().error.message).toBe("Envie um PDF ou uma imagem (PNG, JPG, WebP).");
    const missing = await upload(minutes, "x.pdf", as, `/api/risks/records/${randomUUID()}/files`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(riskMessages.recordNotFound);

    const overview = (await as({ method: "GET", url: "/api/risks" })).json();
    expect(overview.records).toHaveLength(1);
    expect(overview.records[0].files).toHaveLength(1);
    const [file] = overview.records[0].files;
    expect(file.name).toBe("lista-presença.pdf");
    expect(file.key).toMatch(/^evidence\/[0-9a-f-]{36}\.pdf$/);
    const served = await as({ method: "GET", url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(minutes)).toBe(true);

    // Another company's manager, or a member, cannot attach to this record.
    const other = await companyWithManager(t.app, t.db);
    expect((await upload(minutes, "x.pdf", other.manager.as)).statusCode).toBe(404);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    expect((await upload(minutes, "x.pdf", member.as)).statusCode).toBe(403);
    const after = (await as({ method: "GET", url: "/api/risks" })).json();
    expect(after.records[0].files).toHaveLength(1);
  });
});
