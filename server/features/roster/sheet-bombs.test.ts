/**
 * Issue 45: a spreadsheet cannot freeze the server. Zip bombs are refused by
 * what they open to, fast, in pt-BR, on the upload screen and the HR API
 * alike; a real XLSX is read off the request path, so /api/health keeps
 * answering meanwhile (docs/decisions/057).
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rosterFields } from "#core/roster.ts";
import { rosterMessages } from "#core/roster-messages.ts";
import { createApiKey, withKey } from "#tests/api/hr-api.ts";
import { peopleOf, rosterForm } from "#tests/api/roster.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { hugeCellBomb, manyRowsBomb } from "#tests/api/sheet-bombs.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
let bombs: { name: string; bytes: Buffer; message: string }[];
beforeAll(async () => {
  t = await createTestApp();
  bombs = [
    // Issue 45's file: 800,000 rows in a few MB. Its directory already says it opens to more than 48 MB.
    { name: "800.000 linhas", bytes: await manyRowsBomb(800_000), message: rosterMessages.fileUnzippedTooLarge },
    // Small enough to open, but counted row by row while it inflates.
    { name: "100.000 linhas", bytes: await manyRowsBomb(100_000), message: rosterMessages.fileTooManyRows },
    {
      name: "uma célula de 300 MB",
      bytes: await hugeCellBomb(300 << 20),
      message: rosterMessages.fileUnzippedTooLarge,
    },
    { name: "uma célula de 4 MB", bytes: await hugeCellBomb(4 << 20), message: rosterMessages.fileCellTooLong },
    // Declares 1 KB a part: the bytes that really come out are counted.
    {
      name: "um zip que mente o tamanho",
      bytes: await hugeCellBomb(200 << 20, { lying: true }),
      message: rosterMessages.fileZipSizeMismatch,
    },
  ];
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function xlsxOf(count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Pessoas");
  sheet.addRow([...rosterFields]);
  for (const person of peopleOf(count)) sheet.addRow(rosterFields.map((field) => person[field] ?? ""));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe("spreadsheets built to explode", () => {
  it("are refused in seconds with a 413 in pt-BR, by preview, inspect and the HR API's sync", async () => {
    const { manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const key = await createApiKey(manager.as, "Gupy");
    const hr = withKey(t.app, key.secret);
    for (const bomb of bombs) {
      for (const [who, as, url] of [
        ["preview", manager.as, "/api/roster/imports"],
        ["inspect", manager.as, "/api/roster/inspect"],
        ["sync", hr, "/api/v1/roster/sync"],
      ] as const) {
        const form = await rosterForm(bomb.bytes, "pessoas.xlsx");
        const started = performance.now();
        const response = await as({ method: "POST", url, ...form });
        expect({ bomb: bomb.name, who, status: response.statusCode }).toEqual({ bomb: bomb.name, who, status: 413 });
        expect(response.json().error.message).toBe(bomb.message);
        expect(performance.now() - started).toBeLessThan(5_000);
      }
    }
  }, 120_000);

  it("three at once are refused while /api/health keeps answering", async () => {
    const { manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const forms = await Promise.all(bombs.slice(0, 3).map((bomb) => rosterForm(bomb.bytes, "pessoas.xlsx")));
    let settled = false;
    const uploads = Promise.all(
      forms.map((form) => manager.as({ method: "POST", url: "/api/roster/imports", ...form })),
    ).finally(() => {
      settled = true;
    });
    const waits: number[] = [];
    while (!settled) {
      const started = performance.now();
      const health = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      waits.push(performance.now() - started);
    }
    expect((await uploads).map((response) => response.statusCode)).toEqual([413, 413, 413]);
    expect(Math.max(...waits)).toBeLessThan(1_000);
  }, 60_000);

  it("a real XLSX is read off the request path: /api/health answers while it is read", async () => {
    const { manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const form = await rosterForm(await xlsxOf(3_000), "pessoas.xlsx");
    let settled = false;
    const upload = manager.as({ method: "POST", url: "/api/roster/inspect", ...form }).finally(() => {
      settled = true;
    });
    const waits: number[] = [];
    while (!settled) {
      const started = performance.now();
      await t.app.inject({ method: "GET", url: "/api/health" });
      waits.push(performance.now() - started);
    }
    const response = await upload;
    expect(response.statusCode).toBe(200);
    expect(response.json().rowCount).toBe(3_000);
    // While exceljs reads the file for a second or more, the server's thread answers others.
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits)).toBeLessThan(1_000);
  }, 60_000);
});
