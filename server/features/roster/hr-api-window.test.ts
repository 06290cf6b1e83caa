/**
 * Issue 45 (medium) and issue 51 item 4, docs/decisions/057: the HR API's
 * guardrail counts departures over 24 hours, not per file or per call, and
 * a key adds at most 10 % of the roster (at least 25) a day until the
 * platform admin allows more.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cpfFrom } from "#core/cpf.ts";
import { auditLog } from "#server/db/schema/index.ts";
import { createApiKey, withKey } from "#tests/api/hr-api.ts";
import { activeRosterCount, peopleOf, previewFile, rosterCsv } from "#tests/api/roster.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

const clock = testClock("2026-11-30T09:00:00-03:00");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  await t.close();
});

const csv = { "content-type": "text/csv; charset=utf-8" };

it("three full files in a row, each under 40 %, stop at the second: the day's departures add up", async () => {
  const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  const api = withKey(t.app, (await createApiKey(manager.as)).secret);
  const sync = (payload: Buffer, query = "") =>
    api({ method: "POST", url: `/api/v1/roster/sync${query}`, headers: csv, payload });
  const people = peopleOf(20, 900);
  expect((await sync(rosterCsv(people))).statusCode).toBe(202);
  await t.runJobs();
  expect(await activeRosterCount(t.db, company.id)).toBe(20);

  // 7 of 20 leave (35 %): on its own, as before.
  expect((await sync(rosterCsv(people.slice(7)))).statusCode).toBe(202);
  await t.runJobs();
  expect(await activeRosterCount(t.db, company.id)).toBe(13);

  // 3 of 13 would be 23 % of this file, but 10 of the 20 the company had today: it stops.
  clock.set("2026-11-30T15:00:00-03:00");
  const stopped = await sync(rosterCsv(people.slice(10)));
  expect(stopped.statusCode).toBe(409);
  expect(stopped.json().error.message).toBe(
    "Sincronização parada para conferência: 3 de 20 pessoas sairiam, além de 7 que já saíram nas últimas 24 horas, e 0 matrículas mudariam. Confira o arquivo; para aplicar mesmo assim, envie de novo com ?confirmacao=CONFIRMAR.",
  );
  expect(await activeRosterCount(t.db, company.id)).toBe(13);

  // The screen's preview says the same.
  const preview = await previewFile(manager.as, rosterCsv(people.slice(10)));
  expect(preview.guardrail).toEqual({ active: 20, leftRecently: 7, matriculaChanges: 0, reasons: ["leaving"] });

  // A day after the first departures, the same file is 3 of 13 again.
  clock.set("2026-12-01T09:30:00-03:00");
  expect((await sync(rosterCsv(people.slice(10)))).statusCode).toBe(202);
  await t.runJobs();
  expect(await activeRosterCount(t.db, company.id)).toBe(10);
});

it("DELETE one by one stops past 40 % of the day's company, until confirmacao=CONFIRMAR", async () => {
  clock.set("2026-12-02T09:00:00-03:00");
  const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  const api = withKey(t.app, (await createApiKey(manager.as)).secret);
  expect(
    (await api({ method: "POST", url: "/api/v1/roster/sync", headers: csv, payload: rosterCsv(peopleOf(5, 950)) }))
      .statusCode,
  ).toBe(202);
  await t.runJobs();
  const leave = (n: number, query = "") => api({ method: "DELETE", url: `/api/v1/roster/people/M${n}${query}` });
  expect((await leave(950)).statusCode).toBe(200);
  expect((await leave(951)).statusCode).toBe(200);
  // The third would make 3 of 5 in a day.
  const stopped = await leave(952);
  expect(stopped.statusCode).toBe(409);
  expect(stopped.json().error.message).toBe(
    "Desligamento parado para conferência: com este, 3 de 5 pessoas teriam saído nas últimas 24 horas (mais de 40%). Para desligar mesmo assim, envie de novo com ?confirmacao=CONFIRMAR.",
  );
  expect(await activeRosterCount(t.db, company.id)).toBe(3);
  expect((await leave(952, "?confirmacao=CONFIRMAR")).statusCode).toBe(200);
  expect(await activeRosterCount(t.db, company.id)).toBe(2);
});

it("a key adds at most 25 people a day (or 10 % of the roster) until the platform admin allows more, audited", async () => {
  clock.set("2026-12-03T09:00:00-03:00");
  const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  const api = withKey(t.app, (await createApiKey(manager.as)).secret);
  const sync = (payload: Buffer) => api({ method: "POST", url: "/api/v1/roster/sync", headers: csv, payload });
  const people = peopleOf(40, 1000);
  // 24 by file, then one by PUT: 25, the floor of a small company's day.
  expect((await sync(rosterCsv(people.slice(0, 24)))).statusCode).toBe(202);
  await t.runJobs();
  const put = (n: number) =>
    api({
      method: "PUT",
      url: `/api/v1/roster/people/P${n}`,
      payload: { nome: `Pessoa ${n}`, cpf: cpfFrom(String(555_000_000 + n)) },
    });
  expect((await put(1)).statusCode).toBe(201);
  // Past the cap a PUT's person is held for the manager (docs/decisions/085, hr-api-held.test.ts).
  const held = await put(2);
  expect(held.statusCode).toBe(202);
  expect(held.json().outcome).toBe("held");
  // A full file with 15 more people waits too, and nobody is written.
  const more = await sync(rosterCsv(people.slice(0, 39)));
  expect(more.statusCode).toBe(409);
  expect(await activeRosterCount(t.db, company.id)).toBe(25);
  expect((await manager.as({ method: "GET", url: "/api/roster/api-additions" })).json()).toEqual({
    cap: 25,
    added: 25,
    allowed: 0,
    left: 0,
  });

  // Only the platform admin allows more: the manager cannot.
  const url = `/api/admin/companies/${company.id}/roster-api-allowance`;
  expect((await manager.as({ method: "POST", url, payload: { people: 20 } })).statusCode).toBe(403);
  const admin = await signedInPerson(t.app, t.db, { role: "admin" });
  expect((await admin.as({ method: "POST", url, payload: { people: 0 } })).statusCode).toBe(400);
  const allowed = await admin.as({ method: "POST", url, payload: { people: 20 } });
  expect(allowed.statusCode).toBe(201);
  expect(allowed.json()).toEqual({ cap: 25, added: 25, allowed: 20, left: 20 });
  const entries = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, "roster.api.allowance")));
  expect(entries.map((entry) => [entry.actorEmail, entry.details])).toEqual([[admin.email, { pessoas: 20 }]]);
  expect((await sync(rosterCsv(people.slice(0, 39)))).statusCode).toBe(202);
  await t.runJobs();
  expect(await activeRosterCount(t.db, company.id)).toBe(39);

  // A day later the cap is the day's again: 10 % of 39 is under the floor, so 25.
  clock.set("2026-12-04T09:30:00-03:00");
  expect((await put(2)).statusCode).toBe(201);
});
