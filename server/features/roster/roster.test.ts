/** 'Importar pessoas' (issue 33): preview, apply as a job, idempotency, guardrail, leavers, permissions. */
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  companies,
  invites,
  profiles,
  riskEstablishments,
  riskSectorMembers,
  riskSectors,
  rosterPeople,
  session,
} from "#server/db/schema/index.ts";
import {
  activeRosterCount,
  CNPJ_SEDE,
  type FilePerson,
  peopleOf,
  previewFile,
  rosterCsv,
  rosterForm,
} from "#tests/api/roster.ts";
import { companyWithManager, signedInPerson, signIn } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Manager = Awaited<ReturnType<typeof companyWithManager>>["manager"];

async function apply(as: Manager["as"], id: string, payload: Record<string, unknown>, query = "") {
  return as({ method: "POST", url: `/api/roster/imports/${id}/apply${query}`, payload });
}

async function applyAndRun(as: Manager["as"], id: string, payload: Record<string, unknown>, query = "") {
  const response = await apply(as, id, payload, query);
  if (response.statusCode !== 202) throw new Error(`apply: ${response.statusCode} ${response.body}`);
  await t.runJobs();
  const status = await as({ method: "GET", url: `/api/roster/imports/${id}${query}` });
  return status.json();
}

const activeCount = (companyId: string) => activeRosterCount(t.db, companyId);

describe("preview", () => {
  it("counts new and rejected rows with line, column and reason in pt-BR, and writes nobody", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const people = peopleOf(12);
    (people[2] as { cpf: string }).cpf = "123.456.789-00";
    (people[5] as { matricula: string }).matricula = "M1";
    (people[7] as { nome: string }).nome = "";
    const preview = await previewFile(manager.as, rosterCsv(people));
    expect(preview.counts).toEqual({ total: 12, new: 9, changed: 0, unchanged: 0, leaving: 0, rejected: 3 });
    expect(preview.rejections).toEqual([
      { line: 4, column: "cpf", reason: "CPF inválido: confira os 11 dígitos." },
      { line: 7, column: "matricula", reason: "Matrícula repetida: já aparece na linha 2." },
      { line: 9, column: "nome", reason: "Campo obrigatório vazio." },
    ]);
    expect(preview.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(preview.structure).toEqual({ establishments: 1, sectors: 4 });
    expect(await activeCount(company.id)).toBe(0);
    const csv = await manager.as({ method: "GET", url: `/api/roster/imports/${preview.id}/rejections.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Linha;Coluna;Motivo");
    expect(csv.body).toContain("4;cpf;CPF inválido: confira os 11 dígitos.");
  });

  it("reads Latin-1 with ',' and an XLSX, and suggests the mapping of other header names", async () => {
    const { manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const people = peopleOf(3).map((person) => ({ ...person, nome: `${person.nome} Conceição` }));
    const headers = [
      "Nome Completo",
      "CPF",
      "Registro",
      "E-mail Corporativo",
      "E-mail pessoal",
      "CNPJ",
      "Lotação",
      "Líder",
      "Função",
      "Admissão",
    ];
    const latin1 = rosterCsv(people, { delimiter: ",", headers, latin1: true });
    const inspected = await manager.as({ method: "POST", url: "/api/roster/inspect", ...(await rosterForm(latin1)) });
    expect(inspected.statusCode).toBe(200);
    expect(inspected.json()).toMatchObject({
      headers,
      rowCount: 3,
      suggested: {
        nome: 0,
        cpf: 1,
        matricula: 2,
        email: 3,
        email_pessoal: 4,
        estabelecimento: 5,
        setor: 6,
        gestor: 7,
        cargo: 8,
        data_admissao: 9,
      },
    });
    const preview = await previewFile(manager.as, latin1);
    expect(preview.counts.new).toBe(3);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Pessoas");
    sheet.addRow(["Colaborador", "Documento", "Chapa", "Departamento"]);
    for (const person of peopleOf(4, 50))
      sheet.addRow([person.nome, Number(person.cpf), person.matricula, "Administrativo"]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const xlsxInspect = await manager.as({
      method: "POST",
      url: "/api/roster/inspect",
      ...(await rosterForm(xlsx, "pessoas.xlsx")),
    });
    expect(xlsxInspect.json()).toMatchObject({
      headers: ["Colaborador", "Documento", "Chapa", "Departamento"],
      rowCount: 4,
    });
    // 'Documento' is no usual name for the CPF: the person picks it, and without it the preview refuses.
    const missing = await manager.as({
      method: "POST",
      url: "/api/roster/imports",
      ...(await rosterForm(xlsx, "p.xlsx")),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe("Escolha a coluna de: CPF.");
    const mapped = await previewFile(manager.as, xlsx, "", { nome: 0, cpf: 1, matricula: 2, setor: 3 });
    // No establishment yet and none in the file: a sector needs one.
    expect(mapped.counts).toMatchObject({ new: 0, rejected: 4 });
    expect(mapped.rejections[0]).toEqual({ line: 2, column: "Departamento", reason: expect.stringContaining("CNPJ") });
  });

  it("checks the plan's seats in the preview and refuses to apply past them", async () => {
    const { manager } = await companyWithManager(t.app, t.db, { plan: "essencial" });
    const preview = await previewFile(manager.as, rosterCsv(peopleOf(60)));
    expect(preview.plan).toMatchObject({ limit: 50, used: 1, afterChanges: 61 });
    const refused = await apply(manager.as, preview.id, { mode: "changes" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("Limite de 50 membros atingido no plano Essencial");
  });
});

describe("applying", () => {
  it("creates people, structure and invitations in a job; the same file again changes nothing", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const file = rosterCsv(peopleOf(30));
    const preview = await previewFile(manager.as, file);
    const done = await applyAndRun(manager.as, preview.id, { mode: "changes" });
    expect(done).toMatchObject({
      status: "done",
      rowsDone: 30,
      rowsTotal: 30,
      result: { created: 30, updated: 0, left: 0, invited: 15, awaitingActivation: 15 },
    });
    expect(await activeCount(company.id)).toBe(30);
    const [person] = await t.db
      .select()
      .from(rosterPeople)
      .where(and(eq(rosterPeople.companyId, company.id), eq(rosterPeople.matricula, "M3")));
    expect(person).toMatchObject({
      cpfLast2: peopleOf(3)[2]?.cpf.slice(-2),
      sectorPath: "Operações/Atendimento",
      admittedOn: "2024-03-05",
    });
    expect(person?.cpfHash).not.toContain(peopleOf(3)[2]?.cpf);
    const sectors = await t.db.select().from(riskSectors).where(eq(riskSectors.companyId, company.id));
    expect(sectors.map((s) => s.name).sort()).toEqual(["Administrativo", "Atendimento", "Logística", "Operações"]);
    const child = sectors.find((s) => s.name === "Atendimento");
    expect(sectors.find((s) => s.id === child?.parentId)?.name).toBe("Operações");
    const pending = await t.db.select().from(invites).where(eq(invites.companyId, company.id));
    expect(pending).toHaveLength(15);
    // The manager, 15 invitations and 15 people awaiting activation hold seats.
    expect((await manager.as({ method: "GET", url: "/api/team" })).json().company.used).toBe(31);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "roster.import"));
    expect(entry?.details).toMatchObject({ sha256: preview.sha256, novos: 30, saem: 0, recusados: 0, mode: "changes" });
    expect(entry?.actorEmail).toBe(manager.email);

    const before = await t.db
      .select({ updatedAt: rosterPeople.updatedAt })
      .from(rosterPeople)
      .where(eq(rosterPeople.companyId, company.id));
    const again = await previewFile(manager.as, file);
    expect(again.counts).toMatchObject({ new: 0, changed: 0, unchanged: 30, leaving: 0 });
    const second = await applyAndRun(manager.as, again.id, { mode: "full" });
    expect(second.result).toEqual({ created: 0, updated: 0, left: 0, invited: 0, awaitingActivation: 0 });
    const after = await t.db
      .select({ updatedAt: rosterPeople.updatedAt })
      .from(rosterPeople)
      .where(eq(rosterPeople.companyId, company.id));
    expect(after).toEqual(before);
    expect(await t.db.select().from(invites).where(eq(invites.companyId, company.id))).toHaveLength(15);
    // An applied import cannot be applied twice.
    expect((await apply(manager.as, preview.id, { mode: "changes" })).statusCode).toBe(409);
  });

  it("a changed row is updated, and a matrícula held by someone else is rejected", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    await applyAndRun(manager.as, (await previewFile(manager.as, rosterCsv(peopleOf(5)))).id, { mode: "changes" });
    const [one, two, , four, five] = peopleOf(5) as [FilePerson, FilePerson, FilePerson, FilePerson, FilePerson];
    // M3's holder is not in this file, and the second row claims M3.
    const people = [{ ...one, cargo: "Supervisora" }, { ...two, matricula: "M3" }, four, five];
    const preview = await previewFile(manager.as, rosterCsv(people));
    expect(preview.counts).toMatchObject({ changed: 1, unchanged: 2, rejected: 1, leaving: 0 });
    expect(preview.rejections).toEqual([
      { line: 3, column: "matricula", reason: "Esta matrícula já é de outra pessoa no cadastro da empresa." },
    ]);
    await applyAndRun(manager.as, preview.id, { mode: "full" });
    const [first] = await t.db
      .select()
      .from(rosterPeople)
      .where(and(eq(rosterPeople.companyId, company.id), eq(rosterPeople.matricula, "M1")));
    expect(first?.jobTitle).toBe("Supervisora");
    // Neither the rejected row's person nor the one whose matrícula it named leaves: a typo is not a departure.
    expect(await activeCount(company.id)).toBe(5);
  });
});

describe("full file", () => {
  it("stops past 40 % leaving until CONFIRMAR is typed; leavers lose access at once and get their data link", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const member = await signedInPerson(t.app, t.db, { companyId: company.id, email: "ana.leaver@exemplo.com.br" });
    const people = peopleOf(10);
    people[0] = { ...(people[0] as (typeof people)[0]), email: member.email, email_pessoal: "ana@pessoal.com.br" };
    const first = await previewFile(manager.as, rosterCsv(people));
    await applyAndRun(manager.as, first.id, { mode: "changes" });
    const [linked] = await t.db
      .select()
      .from(rosterPeople)
      .where(and(eq(rosterPeople.companyId, company.id), eq(rosterPeople.matricula, "M1")));
    expect(linked?.userId).toBe(member.userId);
    const [sector] = await t.db.select().from(riskSectorMembers).where(eq(riskSectorMembers.userId, member.userId));
    expect(sector?.sectorId).toBe(linked?.sectorId);

    const remaining = people.slice(5);
    const preview = await previewFile(manager.as, rosterCsv(remaining));
    expect(preview.counts).toMatchObject({ unchanged: 5, leaving: 5 });
    expect(preview.guardrail).toEqual({ active: 10, leftRecently: 0, matriculaChanges: 0, reasons: ["leaving"] });
    const stopped = await apply(manager.as, preview.id, { mode: "full" });
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().error.message).toContain("Digite CONFIRMAR");
    expect((await apply(manager.as, preview.id, { mode: "full", confirmation: "confirmar" })).statusCode).toBe(400);
    // The same file in the other mode takes nobody out, so it needs no confirmation.
    expect(await activeCount(company.id)).toBe(10);
    const done = await applyAndRun(manager.as, preview.id, { mode: "full", confirmation: "CONFIRMAR" });
    expect(done.result).toMatchObject({ left: 5 });
    expect(await activeCount(company.id)).toBe(5);

    expect(await t.db.select().from(session).where(eq(session.userId, member.userId))).toHaveLength(0);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, member.userId));
    expect(profile?.companyId).toBeNull();
    const signInAgain = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { email: member.email, password: member.password },
    });
    expect(signInAgain.statusCode).toBe(403);
    expect(signInAgain.json().error.code).toBe("ACCESS_ENDED");
    const oldSession = await member.as({ method: "GET", url: "/api/me" });
    expect(oldSession.statusCode).toBe(401);

    await t.runJobs();
    const mail = t.mails.find((m) => m.subject === "Seu acesso ao Sereno terminou");
    expect(mail?.to).toBe("ana@pessoal.com.br");
    const link = /\/api\/me\/export-link\.html\?token=([\w-]+)/.exec(mail?.text ?? "");
    expect(link).not.toBeNull();
    const download = await t.app.inject({ method: "GET", url: `/api/me/export-link.html?token=${link?.[1]}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toContain("meus-dados-sereno");
    const wrong = await t.app.inject({ method: "GET", url: `/api/me/export-link.html?token=${"x".repeat(43)}` });
    expect(wrong.statusCode).toBe(404);
  });

  it("stops when more than 5 % of matrículas change", async () => {
    const { manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const people = peopleOf(20);
    await applyAndRun(manager.as, (await previewFile(manager.as, rosterCsv(people))).id, { mode: "changes" });
    const renumbered = people.map((person, i) => (i < 2 ? { ...person, matricula: `N${i}` } : person));
    const preview = await previewFile(manager.as, rosterCsv(renumbered));
    expect(preview.guardrail).toMatchObject({ matriculaChanges: 2, reasons: ["matricula"] });
    expect((await apply(manager.as, preview.id, { mode: "full" })).statusCode).toBe(409);
    expect((await apply(manager.as, preview.id, { mode: "changes" })).statusCode).toBe(202);
  });
});

describe("who may import", () => {
  it("a manager imports into their own company only; a member never; an admin into any", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const other = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const file = rosterCsv(peopleOf(2));
    const foreign = await manager.as({
      method: "POST",
      url: `/api/roster/imports?companyId=${other.company.id}`,
      ...(await rosterForm(file)),
    });
    expect(foreign.statusCode).toBe(403);
    const theirs = await previewFile(other.manager.as, file);
    expect((await manager.as({ method: "GET", url: `/api/roster/imports/${theirs.id}` })).statusCode).toBe(404);
    expect((await apply(manager.as, theirs.id, { mode: "changes" })).statusCode).toBe(404);
    expect(
      (await manager.as({ method: "GET", url: `/api/roster/imports/${theirs.id}/rejections.csv` })).statusCode,
    ).toBe(404);

    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    expect(
      (await member.as({ method: "POST", url: "/api/roster/imports", ...(await rosterForm(file)) })).statusCode,
    ).toBe(403);
    expect((await member.as({ method: "GET", url: "/api/roster/people" })).statusCode).toBe(403);

    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const byAdmin = await previewFile(admin.as, file, `?companyId=${other.company.id}`);
    const done = await applyAndRun(admin.as, byAdmin.id, { mode: "changes" }, `?companyId=${other.company.id}`);
    expect(done.status).toBe("done");
    const list = await other.manager.as({ method: "GET", url: "/api/roster/people" });
    expect(list.json()).toMatchObject({
      total: 2,
      items: [{ matricula: "M1", sector: "Operações/Logística" }, { matricula: "M2" }],
    });
  });
});

describe("the structure", () => {
  it("joins existing sectors by path and never moves one", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const [establishment] = await t.db
      .insert(riskEstablishments)
      .values({ companyId: company.id, name: "Sede", cnpj: CNPJ_SEDE.replace(/\D/g, "") })
      .returning();
    const [operations] = await t.db
      .insert(riskSectors)
      .values({ companyId: company.id, establishmentId: establishment?.id as string, name: "operações", kind: "setor" })
      .returning();
    const [deep] = await t.db
      .insert(riskSectors)
      .values({
        companyId: company.id,
        establishmentId: establishment?.id as string,
        parentId: operations?.id,
        name: "Logística",
        kind: "setor",
      })
      .returning();
    // Without a CNPJ column the company's only establishment is used.
    const people = peopleOf(3).map(({ estabelecimento: _e, ...person }) => person);
    await applyAndRun(manager.as, (await previewFile(manager.as, rosterCsv(people))).id, { mode: "changes" });
    const sectors = await t.db.select().from(riskSectors).where(eq(riskSectors.companyId, company.id));
    expect(sectors).toHaveLength(4);
    expect(sectors.find((s) => s.id === deep?.id)?.parentId).toBe(operations?.id);
    expect(sectors.find((s) => s.name === "Atendimento")?.parentId).toBe(operations?.id);
    const [establishments] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(riskEstablishments)
      .where(eq(riskEstablishments.companyId, company.id));
    expect(establishments?.n).toBe(1);
    expect((await t.db.select().from(companies).where(eq(companies.id, company.id)))[0]?.memberCount).toBe(1);
  });
});

describe("invitations of imported people", () => {
  it("accepting links the account to its roster row and its sector", async () => {
    const { manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    await applyAndRun(manager.as, (await previewFile(manager.as, rosterCsv(peopleOf(2, 700)))).id, { mode: "changes" });
    const mail = t.mails.find((m) => m.to === "pessoa700@exemplo.com.br");
    const token = /token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    const accepted = await t.app.inject({
      method: "POST",
      url: "/api/invites/accept",
      headers: { origin: TEST_ORIGIN },
      payload: { token, password: "calma-e-cafe-2026", consent: true },
    });
    expect(accepted.statusCode).toBe(201);
    const [row] = await t.db.select().from(rosterPeople).where(eq(rosterPeople.email, "pessoa700@exemplo.com.br"));
    expect(row?.userId).toBeTruthy();
    const [assigned] = await t.db
      .select()
      .from(riskSectorMembers)
      .where(eq(riskSectorMembers.userId, row?.userId as string));
    expect(assigned?.sectorId).toBe(row?.sectorId);
    await signIn(t.app, "pessoa700@exemplo.com.br", "calma-e-cafe-2026");
  });
});

describe("retention", () => {
  it("a preview never applied is deleted after a day, with its checked rows; an applied import stays", async () => {
    const { manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const left = await previewFile(manager.as, rosterCsv(peopleOf(2, 800)));
    const applied = await previewFile(manager.as, rosterCsv(peopleOf(2, 810)));
    await applyAndRun(manager.as, applied.id, { mode: "changes" });
    const { runRetention } = await import("#server/jobs/retention.ts");
    const result = await runRetention(t.db, {
      now: new Date(Date.now() + 2 * 86_400_000),
      notesRetentionDays: 730,
      outboxDir: t.dataDir,
    });
    expect(result.rosterPreviews).toBeGreaterThanOrEqual(1);
    expect((await manager.as({ method: "GET", url: `/api/roster/imports/${left.id}` })).statusCode).toBe(404);
    expect((await manager.as({ method: "GET", url: `/api/roster/imports/${applied.id}` })).statusCode).toBe(200);
  });
});
