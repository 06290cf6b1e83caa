// Limits on files built on request (docs/decisions/030): every attempt of a
// kind counts for the person and their company; past the limit a 429 with
// Retry-After and a pt-BR message, before any work is done.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileLimitMessages } from "#core/messages.ts";
import { VALID_CNPJ } from "#tests/api/risks.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";
import { type FileLimitKind, fileLimits } from "./file-limits.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

function expectRefused(response: LightMyRequestResponse, kind: FileLimitKind, scope: "perPerson" | "perCompany") {
  const limit = fileLimits[kind];
  expect(response.statusCode, response.body).toBe(429);
  const wait = Number(response.headers["retry-after"]);
  expect(wait).toBeGreaterThan(3500);
  expect(wait).toBeLessThanOrEqual(3600);
  expect(response.json().error.message).toBe(fileLimitMessages[scope](limit.what, limit[scope].max, wait));
}

describe("file limits", () => {
  it("data exports: 10 an hour per person (JSON and HTML together), then 429 in pt-BR", async () => {
    const { company } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    const max = fileLimits.dataExport.perPerson.max;
    for (let i = 0; i < max; i++) {
      const url = i % 2 ? "/api/me/export.html" : "/api/me/export.json";
      expect((await member.as({ method: "GET", url })).statusCode).toBe(200);
    }
    const refused = await member.as({ method: "GET", url: "/api/me/export.json" });
    expectRefused(refused, "dataExport", "perPerson");
    expect(refused.json().error.message).toBe(
      "Você atingiu o limite de 10 downloads de dados pessoais por hora. Tente novamente em 60 minutos.",
    );
    // Someone else of the same company still may; no session is still 401.
    const colleague = await signedInPerson(t.app, t.db, { companyId: company.id });
    expect((await colleague.as({ method: "GET", url: "/api/me/export.json" })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/me/export.json" })).statusCode).toBe(401);
  });

  it("PDF and XLSX documents: 15 an hour per person, a refused attempt counting too", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const establishment = await manager.as({
      method: "POST",
      url: "/api/risks/establishments",
      payload: { name: "Matriz", cnpj: VALID_CNPJ },
    });
    const base = `/api/risks/establishments/${establishment.json().id}`;
    // Nothing published yet: each attempt is a 404, and each one counts.
    for (let i = 0; i < fileLimits.document.perPerson.max; i++) {
      const url = `${base}/export.${i % 2 ? "xlsx" : "pdf"}`;
      expect((await manager.as({ method: "GET", url })).statusCode).toBe(404);
    }
    expectRefused(await manager.as({ method: "GET", url: `${base}/export.pdf` }), "document", "perPerson");
  });

  it("CSVs: reports, NR-1 results and attendance lists share 15 an hour per person", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const workshop = await manager.as({
      method: "POST",
      url: "/api/group-sessions",
      payload: {
        kind: "workshop",
        title: "Gestao do estresse",
        description: "Ferramentas praticas para semanas cheias.",
        facilitatorName: "Renata Prado",
        facilitatorEmail: "renata@exemplo.com.br",
        startsAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
        durationMinutes: 60,
        capacity: 10,
        modality: "online",
        location: "https://meet.exemplo.com.br/estresse",
      },
    });
    expect(workshop.statusCode, workshop.body).toBe(201);
    const attendance = `/api/group-sessions/${workshop.json().session.id}/attendance.csv`;
    const max = fileLimits.csv.perPerson.max;
    for (let i = 0; i < max - 2; i++)
      expect((await manager.as({ method: "GET", url: "/api/reports/export.csv?period=7d" })).statusCode).toBe(200);
    expect(
      (await manager.as({ method: "GET", url: `/api/risks/campaigns/${randomUUID()}/export.csv` })).statusCode,
    ).toBe(404);
    expect((await manager.as({ method: "GET", url: attendance })).statusCode).toBe(200);
    expectRefused(await manager.as({ method: "GET", url: attendance }), "csv", "perPerson");
    expectRefused(await manager.as({ method: "GET", url: "/api/reports/export.csv?period=7d" }), "csv", "perPerson");
  });

  it("per company: once the company's hour is used up, every manager of it waits", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const { perCompany } = fileLimits.csv;
    await t.db.execute(sql`
      INSERT INTO rate_limits (key, count, reset_at)
      VALUES (${`file:csv:company:${company.id}`}, ${perCompany.max}, now() + interval '30 minutes')`);
    const refused = await manager.as({ method: "GET", url: "/api/reports/export.csv?period=7d" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      fileLimitMessages.perCompany(fileLimits.csv.what, perCompany.max, Number(refused.headers["retry-after"])),
    );
    expect(refused.json().error.message).toMatch(/^Sua empresa atingiu o limite de 60 exportações em CSV por hora/);
    // Another company is not affected.
    const other = await companyWithManager(t.app, t.db);
    expect((await other.manager.as({ method: "GET", url: "/api/reports/export.csv?period=7d" })).statusCode).toBe(200);
  });
});
