/** The HR API's sync (docs/decisions/044): a full file through the import's preview, guardrail and job, polled by id. */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cpfFrom } from "#core/cpf.ts";
import { auditLog } from "#server/db/schema/index.ts";
import { createApiKey, withKey } from "#tests/api/hr-api.ts";
import { activeRosterCount, peopleOf, rosterCsv, rosterForm } from "#tests/api/roster.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const activeCount = (companyId: string) => activeRosterCount(t.db, companyId);

it("previews, queues the import job, is polled to done; stops at the guardrail until confirmacao=CONFIRMAR", async () => {
  const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  const api = withKey(t.app, (await createApiKey(manager.as)).secret);
  const people = peopleOf(10, 500);
  const csv = { "content-type": "text/csv; charset=utf-8" };

  const accepted = await api({ method: "POST", url: "/api/v1/roster/sync", headers: csv, payload: rosterCsv(people) });
  expect(accepted.statusCode).toBe(202);
  const { id, status, preview } = accepted.json();
  expect(status).toBe("queued");
  expect(preview.counts).toEqual({ total: 10, new: 10, changed: 0, unchanged: 0, leaving: 0, rejected: 0 });
  // While the sync runs, one-by-one changes wait (one import at a time per company).
  const one = { nome: "Pessoa Avulsa", cpf: cpfFrom("987654321") };
  const busy = await api({ method: "PUT", url: "/api/v1/roster/people/M9999", payload: one });
  expect(busy.statusCode).toBe(409);
  expect(busy.json().error.message).toBe("Há uma importação em andamento nesta empresa. Espere ela terminar.");
  await t.runJobs();
  const polled = await api({ method: "GET", url: `/api/v1/roster/sync/${id}` });
  expect(polled.statusCode).toBe(200);
  expect(polled.json()).toMatchObject({ status: "done", mode: "full", rowsDone: 10, rowsTotal: 10 });
  expect(polled.json().result).toMatchObject({ created: 10, left: 0 });
  expect(await activeCount(company.id)).toBe(10);
  // The screen's progress bar shows the sync too.
  const latest = await manager.as({ method: "GET", url: "/api/roster/imports/latest" });
  expect(latest.json().import.id).toBe(id);

  // A file without 6 of the 10: 60 % would leave.
  const short = rosterCsv(people.slice(6));
  const stopped = await api({ method: "POST", url: "/api/v1/roster/sync", headers: csv, payload: short });
  expect(stopped.statusCode).toBe(409);
  expect(stopped.json().error.message).toBe(
    "Sincronização parada para conferência: 6 de 10 pessoas sairiam e 0 matrículas mudariam. Confira o arquivo; para aplicar mesmo assim, envie de novo com ?confirmacao=CONFIRMAR.",
  );
  expect(await activeCount(company.id)).toBe(10);
  const form = await rosterForm(short);
  const confirmed = await api({ method: "POST", url: "/api/v1/roster/sync?confirmacao=CONFIRMAR", ...form });
  expect(confirmed.statusCode).toBe(202);
  await t.runJobs();
  const after = (await api({ method: "GET", url: `/api/v1/roster/sync/${confirmed.json().id}` })).json();
  expect(after.result).toMatchObject({ left: 6 });
  expect(await activeCount(company.id)).toBe(4);

  const entries = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, company.id), eq(auditLog.action, "roster.import")));
  expect(entries).toHaveLength(2);
  expect(entries[0]?.actorEmail).toMatch(/^API de RH: Gupy produção/);
  expect(entries[0]?.details).toMatchObject({ mode: "full" });
});

it("replays a sync sent again with its Idempotency-Key; the same key with another file is a 422", async () => {
  const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  const api = withKey(t.app, (await createApiKey(manager.as)).secret);
  const headers = { "content-type": "text/csv", "idempotency-key": "sync-2026-11-27" };
  const file = rosterCsv(peopleOf(3, 700));
  const first = await api({ method: "POST", url: "/api/v1/roster/sync", headers, payload: file });
  const again = await api({ method: "POST", url: "/api/v1/roster/sync", headers, payload: file });
  expect(again.statusCode).toBe(202);
  expect(again.json().id).toBe(first.json().id);
  const imports = await t.db.execute(sql`select id from roster_imports where company_id = ${company.id}`);
  expect(JSON.stringify(imports)).toContain(first.json().id);
  const other = await api({
    method: "POST",
    url: "/api/v1/roster/sync",
    headers,
    payload: rosterCsv(peopleOf(4, 700)),
  });
  expect(other.statusCode).toBe(422);
  const other2 = withKey(t.app, (await createApiKey(manager.as, "Outra")).secret);
  const foreign = await companyWithManager(t.app, t.db);
  const foreignApi = withKey(t.app, (await createApiKey(foreign.manager.as)).secret);
  expect((await foreignApi({ method: "GET", url: `/api/v1/roster/sync/${first.json().id}` })).statusCode).toBe(404);
  expect((await other2({ method: "GET", url: `/api/v1/roster/sync/${first.json().id}` })).statusCode).toBe(200);
});
