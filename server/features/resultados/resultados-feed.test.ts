/**
 * Resultados' feed and documents (issue 47 item 4, docs/decisions/088): a key of its own kind, read-only,
 * listed with its last use and revocable; the PDF and the XLSX write the same stored figures.
 */

import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rosterApiKeys } from "#server/db/schema/index.ts";
import { publishResultados } from "#server/features/resultados/publish-resultados.ts";
import { pdfText } from "#tests/api/pdf-text.ts";
import { resultadosCompany } from "#tests/api/resultados.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

const clock = testClock("2026-11-22T12:00:00-03:00");
let t: TestApp;
let a: Awaited<ReturnType<typeof resultadosCompany>>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  a = await resultadosCompany(t);
  await publishResultados(t.db, t.app.deps.privacyKey, clock.now(), 5);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("the executive PDF and the XLSX", () => {
  it("writes the latest month and quarter with margins, n, the caveat and the method note", async () => {
    const reply = await a.manager.as({ url: "/api/resultados/resumo.pdf" });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(reply.rawPayload));
    expect(text).toContain("Resultados do Sereno");
    expect(text).toContain("Empresa Resultados");
    expect(text).toMatch(/Outubro de 2026/);
    expect(text).toMatch(/3º trimestre de 2026/);
    expect(text).toMatch(/grupo de comparação/);
    expect(text).toMatch(/de Souza & Hidalgo/);
    expect(text).toMatch(/± /);
    for (const person of a.people) expect(text).not.toContain(person);

    const sheet = await a.manager.as({ url: "/api/resultados/resultados.xlsx" });
    expect(sheet.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as never);
    const rows = book.getWorksheet("Resultados")?.getSheetValues().filter(Boolean) ?? [];
    const feed = (await t.app.inject({ url: "/api/v1/resultados/figuras", headers: await feedKey() })).json();
    expect(rows.length - 1).toBe(feed.linhas.length);
  });
});

async function feedKey() {
  const made = await a.manager.as({
    method: "POST",
    url: "/api/resultados/api-keys",
    payload: { name: `Chave ${Math.random()}` },
  });
  return { authorization: `Bearer ${(made.json() as { secret: string }).secret}` };
}

describe("the feed's key", () => {
  it("reads the feed, is listed with its last use, stays out of the HR API's keys, and stops when revoked", async () => {
    const made = await a.manager.as({ method: "POST", url: "/api/resultados/api-keys", payload: { name: "Excel RH" } });
    expect(made.statusCode).toBe(201);
    const { secret, key } = made.json() as { secret: string; key: { id: string; prefix: string } };
    expect(secret).toMatch(/^sereno_bi_/);
    const bearer = { authorization: `Bearer ${secret}` };
    const feed = await t.app.inject({ url: "/api/v1/resultados/figuras.csv", headers: bearer });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/text\/csv/);
    expect(feed.body).toContain("Camada;Período;Indicador");
    // Power BI's 'Básico': any user name, the key as the password.
    const basic = { authorization: `Basic ${Buffer.from(`powerbi:${secret}`).toString("base64")}` };
    expect((await t.app.inject({ url: "/api/v1/resultados/figuras", headers: basic })).statusCode).toBe(200);

    const listed = (await a.manager.as({ url: "/api/resultados/api-keys" })).json() as {
      items: { id: string; lastUsedAt: string | null }[];
    };
    expect(listed.items.find((item) => item.id === key.id)?.lastUsedAt).not.toBeNull();
    const hrKeys = (await a.manager.as({ url: "/api/roster/api-keys" })).json() as { items: { id: string }[] };
    expect(hrKeys.items.some((item) => item.id === key.id)).toBe(false);
    // The key opens the feed only: the HR API refuses it.
    expect((await t.app.inject({ url: "/api/v1/roster/sync", method: "POST", headers: bearer })).statusCode).toBe(401);

    expect((await a.manager.as({ method: "DELETE", url: `/api/resultados/api-keys/${key.id}` })).statusCode).toBe(200);
    const refused = await t.app.inject({ url: "/api/v1/resultados/figuras", headers: bearer });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toMatch(/revogada/);
    const [stored] = await t.db.select().from(rosterApiKeys).where(eq(rosterApiKeys.id, key.id));
    expect(stored?.kind).toBe("resultados");
  });

  it("refuses a member, and a call with no key, in pt-BR", async () => {
    const member = await signedInPerson(t.app, t.db, { companyId: a.company.id });
    expect((await member.as({ url: "/api/resultados" })).statusCode).toBe(403);
    const none = await t.app.inject({ url: "/api/v1/resultados/figuras" });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toMatch(/Resultados › Power BI e Excel/);
  });
});
