/**
 * 'Baixar meus dados' misses nothing (issue 51, item 5; docs/decisions/064):
 * every column the database holds a person's account id in is either a
 * section of the export or one of the reasons the export gives for leaving it
 * out, and the records other features keep (the HR roster record, an
 * identified Canal de escuta case, the handler role, passkeys, the recovery
 * code's date, the person's own sign-ins) are in the file, with nothing of
 * anyone else's.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  conductAcknowledgements,
  conductVersions,
  harassmentTrainingAttendance,
  harassmentTrainings,
  listeningCases,
  passkeys,
  recoveryCodes,
  rosterPeople,
  whatsappNumbers,
} from "#server/db/schema/index.ts";
import { listeningCompany, writeCase } from "#tests/api/listening.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";
import { exportCoverage, leftOut, notInExport } from "./export-coverage.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

/** Columns the name pattern catches that hold no person, and why (reviewed, like the export's own reasons). */
const notAPerson: Record<string, string> = {
  "jobs.locked_by": "the process that holds a job's lease, not a person",
  "sso_domains.verified_by": "how a domain was verified ('dns' or 'manual'), not who",
};

/**
 * From the catalogue (also a roster person's id, and `…_by` columns that name an actor): every column with a foreign key to user.id, and every
 * column named like one that holds an account id without a foreign key
 * (company_memberships.user_id, audit_log.actor_user_id…).
 */
async function personColumns(): Promise<string[]> {
  const result = (await t.db.execute(sql`
    select kcu.table_name || '.' || kcu.column_name as col
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
     where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public' and ccu.column_name = 'id'
       and ccu.table_name in ('user', 'roster_people')
    union
    select table_name || '.' || column_name
      from information_schema.columns
     where table_schema = 'public'
       and (column_name ~ '(^|_)(user|person)_id$' or column_name = 'member_id' or column_name ~ '_by$')
    order by 1`)) as unknown as { rows?: { col: string }[] } | { col: string }[];
  // PGlite answers { rows }, node-postgres an array: the tests run on both.
  const columns = (Array.isArray(result) ? result : (result.rows ?? [])).map((row) => row.col);
  return columns.filter((column) => !(column in notAPerson));
}

describe("the export covers every table that holds a person's id", () => {
  it("each such column is a section of the export or a reason it states", async () => {
    const columns = await personColumns();
    expect(columns.length).toBeGreaterThan(25);
    const missing = columns.filter((column) => !(column in exportCoverage));
    expect(missing, "columns holding a person's id that the export neither has nor explains").toEqual([]);
    // No stale entry either: each named column exists.
    expect(Object.keys(exportCoverage).filter((column) => !columns.includes(column))).toEqual([]);

    const { member } = await listeningCompany(t);
    const data = JSON.parse((await member.as({ method: "GET", url: "/api/me/export.json" })).body);
    for (const [column, place] of Object.entries(exportCoverage)) {
      if ("em" in place) expect(data, column).toHaveProperty(place.em);
      else expect(data.oQueNaoEstaAquiEPorQue, column).toContainEqual(leftOut[place.fora]);
    }
    expect(data.oQueNaoEstaAquiEPorQue).toEqual(notInExport);
  }, 120_000);

  it("has the roster record, passkeys, recovery code, sign-ins, handler role and identified cases; nothing of others", async () => {
    const { company, member, handlers } = await listeningCompany(t);
    const [handler] = handlers;
    const [person] = await t.db
      .insert(rosterPeople)
      .values({
        companyId: company.id,
        cpfHash: `hash-${member.userId}`,
        cpfLast2: "47",
        matricula: "MAT-8812",
        name: "Mel Cadastro",
        sectorPath: "Operações/Logística",
        jobTitle: "Analista",
        admittedOn: "2024-03-11",
        userId: member.userId,
      })
      .returning({ id: rosterPeople.id });
    const [rules] = await t.db
      .insert(conductVersions)
      .values({ companyId: company.id, version: 1, text: "Regras", publishedBy: "Gestora" })
      .returning({ id: conductVersions.id });
    await t.db.insert(conductAcknowledgements).values({ versionId: rules?.id ?? "", userId: member.userId });
    const [training] = await t.db
      .insert(harassmentTrainings)
      .values({
        companyId: company.id,
        title: "Prevenção ao assédio 2026",
        heldOn: "2026-03-10",
        durationMinutes: 60,
        levels: ["demais"],
        code: `code-${member.userId}`,
        recordedBy: "Gestora",
      })
      .returning({ id: harassmentTrainings.id });
    await t.db
      .insert(harassmentTrainingAttendance)
      .values({ trainingId: training?.id ?? "", personId: person?.id ?? "", source: "qr" });
    await t.db.insert(whatsappNumbers).values({
      userId: member.userId,
      companyId: company.id,
      phone: "+5511987650001",
      status: "confirmed",
      confirmedAt: new Date(),
    });
    await t.db.insert(passkeys).values({
      userId: member.userId,
      credentialId: `cred-${member.userId}`,
      publicKey: "CHAVE-PUBLICA-SECRETA",
      name: "Chrome no Android",
    });
    await t.db
      .insert(recoveryCodes)
      .values({ userId: member.userId, codeHash: `HASH-DO-CODIGO-${member.userId}`, createdAt: new Date() });

    const identified = await writeCase(member, { identified: true, body: "Relato com meu nome" });
    const anonymous = await writeCase(member, { body: "Relato sem nome" });
    const [row] = await t.db.select().from(listeningCases).where(eq(listeningCases.protocol, identified.protocol));
    const post = (payload: object) =>
      handler.as({ method: "POST", url: `/api/escuta/casos/${row?.id}/mensagens`, payload });
    expect((await post({ body: "Recebemos seu relato." })).statusCode).toBe(201);
    expect((await post({ body: "Nota só da equipe", isInternal: true })).statusCode).toBe(201);

    const json = await member.as({ method: "GET", url: "/api/me/export.json" });
    expect(json.statusCode).toBe(200);
    const data = JSON.parse(json.body);
    expect(data.cadastroDaEmpresa).toEqual([
      expect.objectContaining({
        empresa: company.name,
        cpfFinal: "…47",
        matricula: "MAT-8812",
        setor: "Operações/Logística",
        admitidoEm: "2024-03-11",
        desligadoEm: null,
      }),
    ]);
    expect(data.arquivoDaLei14457.regrasDeCondutaLidas).toEqual([expect.objectContaining({ versao: 1 })]);
    expect(data.arquivoDaLei14457.treinamentos).toEqual([
      expect.objectContaining({ titulo: "Prevenção ao assédio 2026", presenca: "Marcada por você com o QR" }),
    ]);
    expect(data.lembretesPorWhatsapp).toEqual([
      expect.objectContaining({ numero: "+5511987650001", situacao: "Confirmado" }),
    ]);
    expect(data.chavesDeAcesso).toEqual([expect.objectContaining({ aparelho: "Chrome no Android" })]);
    expect(data.codigoDeRecuperacao).toEqual({ criadoEm: expect.any(String) });
    expect(data.entradasNaConta).toContainEqual(expect.objectContaining({ evento: "Entrada" }));
    expect(data.canalDeEscuta.responsavelPeloCanal).toEqual([]);
    expect(data.canalDeEscuta.relatosIdentificados).toEqual([
      expect.objectContaining({
        protocolo: identified.protocol,
        tipo: "Denúncia",
        categoria: "Assédio moral",
        mensagens: [
          expect.objectContaining({ de: "Você", texto: "Relato com meu nome" }),
          expect.objectContaining({ de: "Equipe do canal", texto: "Recebemos seu relato." }),
        ],
      }),
    ]);

    const html = (await member.as({ method: "GET", url: "/api/me/export.html" })).body;
    for (const text of [
      "MAT-8812",
      "…47",
      "Chrome no Android",
      "Código de recuperação: criado em",
      "Prevenção ao assédio 2026",
      "+5511987650001",
      identified.protocol,
    ])
      expect(html).toContain(text);
    expect(html).toContain("O que não está aqui e por quê");
    for (const body of [json.body, html]) {
      for (const secret of ["CHAVE-PUBLICA-SECRETA", "HASH-DO-CODIGO", `hash-${member.userId}`, "Nota só da equipe"])
        expect(body).not.toContain(secret);
      // The anonymous case is not linked to its reporter, not even in their own file.
      for (const other of [anonymous.protocol, "Relato sem nome", "Helena Responsável"])
        expect(body).not.toContain(other);
    }

    // The handler's file: the role, and none of the cases they handle (their reporters' or the replies they wrote).
    const theirs = await handler.as({ method: "GET", url: "/api/me/export.json" });
    const handlerData = JSON.parse(theirs.body);
    expect(handlerData.canalDeEscuta).toEqual({
      responsavelPeloCanal: [expect.objectContaining({ empresa: company.name, ativo: true })],
      relatosIdentificados: [],
    });
    for (const other of [identified.protocol, anonymous.protocol, "Relato", "Recebemos seu relato.", "MAT-8812"])
      expect(theirs.body).not.toContain(other);
    expect(handlerData.acoesRegistradas).toContainEqual({ acao: "Resposta enviada no canal de escuta", vezes: 1 });
  }, 120_000);
});
