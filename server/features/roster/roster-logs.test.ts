/**
 * A CPF never reaches the log, the job table or the audit trail (issue 33): an
 * import runs through the app with the real logger at debug level, with bad
 * rows and a failing request, and every line is searched for each CPF of the
 * file, with and without its punctuation.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApiKey, withKey } from "#tests/api/hr-api.ts";
import { captureLog } from "#tests/api/log-capture.ts";
import { peopleOf, previewFile, rosterCsv, rosterForm } from "#tests/api/roster.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

const { lines, logger } = captureLog();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger });
});
afterAll(async () => {
  await t.close();
});

const punctuated = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

it("no CPF in the log, the jobs or the audit trail", async () => {
  const { manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  const people = peopleOf(8, 900);
  const withPunctuation = people.map((person, i) => (i % 2 ? { ...person, cpf: punctuated(person.cpf) } : person));
  // A repeated CPF and a bad e-mail: rejections name the line, never the value.
  const rows = [
    ...withPunctuation,
    { ...(people[0] as (typeof people)[0]), matricula: "X1" },
    { ...(people[1] as (typeof people)[0]), cpf: "12345678901", email: "sem-arroba" },
  ];
  const file = rosterCsv(rows);
  await manager.as({ method: "POST", url: "/api/roster/inspect", ...(await rosterForm(file)) });
  const preview = await previewFile(manager.as, file);
  expect(preview.counts.rejected).toBe(2);
  // A mapping that does not fit the file: a 400 whose log line must not quote the body.
  await manager.as({ method: "POST", url: "/api/roster/imports", ...(await rosterForm(file, "p.csv", { nome: 99 })) });
  await manager.as({ method: "POST", url: `/api/roster/imports/${preview.id}/apply`, payload: { mode: "changes" } });
  await t.runJobs();
  await manager.as({ method: "GET", url: `/api/roster/imports/${preview.id}/rejections.csv` });
  await manager.as({ method: "GET", url: "/api/roster/people" });
  // The HR API (docs/decisions/044): a person sent one by one, a refused CPF, a replayed call and a sync.
  const api = withKey(t.app, (await createApiKey(manager.as)).secret);
  const [first, second] = people as [(typeof people)[0], (typeof people)[0]];
  const { matricula: _m, ...person } = { ...first, matricula: "API1", cpf: punctuated(first.cpf) };
  const idempotent = { "idempotency-key": "log-test" };
  await api({ method: "PUT", url: "/api/v1/roster/people/API1", headers: idempotent, payload: person });
  await api({ method: "PUT", url: "/api/v1/roster/people/API1", headers: idempotent, payload: person });
  await api({ method: "PUT", url: "/api/v1/roster/people/API2", payload: { ...person, cpf: "12345678901" } });
  await api({ method: "DELETE", url: "/api/v1/roster/people/API1" });
  const sync = rosterCsv([second, ...people.slice(2)]);
  await api({ method: "POST", url: "/api/v1/roster/sync", headers: { "content-type": "text/csv" }, payload: sync });
  await t.runJobs();

  const stored = JSON.stringify([
    await t.db.execute(sql`select * from jobs`),
    await t.db.execute(sql`select * from audit_log`),
    await t.db.execute(sql`select * from roster_imports`),
    await t.db.execute(sql`select * from roster_people`),
    await t.db.execute(sql`select * from roster_api_requests`),
  ]);
  expect(lines.length).toBeGreaterThan(5);
  const log = lines.join("\n");
  for (const person of people) {
    expect(log).not.toContain(person.cpf);
    expect(log).not.toContain(punctuated(person.cpf));
    expect(stored).not.toContain(person.cpf);
    expect(stored).not.toContain(punctuated(person.cpf));
  }
  expect(log).not.toContain("12345678901");
});
