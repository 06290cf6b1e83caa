/**
 * Issue 51 item 4, docs/decisions/085: past the day's cap a person an HR key
 * sends is held, not created (202, in pt-BR); the company's manager confirms
 * them (created and invited then) or discards them, all or nothing, audited.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cpfFrom } from "#core/cpf.ts";
import { rosterApiMessages } from "#core/roster-api-messages.ts";
import { auditLog, invites, rosterApiHeld } from "#server/db/schema/index.ts";
import { createApiKey, withKey } from "#tests/api/hr-api.ts";
import { activeRosterCount, peopleOf, rosterCsv } from "#tests/api/roster.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

const clock = testClock("2026-12-03T09:00:00-03:00");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  await t.close();
});

const csv = { "content-type": "text/csv; charset=utf-8" };

async function companyAtTheCap() {
  const setup = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  const api = withKey(t.app, (await createApiKey(setup.manager.as)).secret);
  // 25 by file: the floor of a small company's day.
  const sync = await api({
    method: "POST",
    url: "/api/v1/roster/sync",
    headers: csv,
    payload: rosterCsv(peopleOf(25, 1000)),
  });
  expect(sync.statusCode).toBe(202);
  await t.runJobs();
  const put = (n: number, extra: Record<string, string> = {}) =>
    api({
      method: "PUT",
      url: `/api/v1/roster/people/H${n}`,
      payload: { nome: `Pessoa Guardada ${n}`, cpf: cpfFrom(String(777_000_000 + n)), ...extra },
    });
  const held = async () =>
    (await setup.manager.as({ method: "GET", url: "/api/roster/api-held" })).json().items as {
      id: string;
      matricula: string;
    }[];
  const post = (action: "confirm" | "discard", ids: string[]) =>
    setup.manager.as({ method: "POST", url: `/api/roster/api-held/${action}`, payload: { ids } });
  return { ...setup, api, put, held, post };
}

const auditOf = (companyId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)));

it("past the cap a PUT's new person is held (202, pt-BR), listed for the manager, and nobody is created", async () => {
  const { company, api, put, held } = await companyAtTheCap();
  const response = await put(1, { email: "guardada1@exemplo.com.br", setor: "Operações" });
  expect(response.statusCode).toBe(202);
  expect(response.json()).toEqual({
    matricula: "H1",
    outcome: "held",
    invited: false,
    message: rosterApiMessages.heldPastCap({ cap: 25, added: 25, allowed: 0 }),
  });
  expect(response.json().message).toContain("Equipe › Importar pessoas");
  expect(await activeRosterCount(t.db, company.id)).toBe(25);
  const pendingInvites = await t.db
    .select()
    .from(invites)
    .where(and(eq(invites.companyId, company.id), eq(invites.email, "guardada1@exemplo.com.br")));
  expect(pendingInvites).toEqual([]);

  // The same person sent again replaces what was held: one row per matrícula.
  expect((await put(1, { email: "guardada1@exemplo.com.br", setor: "Operações/Logística" })).statusCode).toBe(202);
  const list = await held();
  expect(list).toEqual([
    expect.objectContaining({
      matricula: "H1",
      name: "Pessoa Guardada 1",
      email: "guardada1@exemplo.com.br",
      sector: "Operações/Logística",
      keyName: "Gupy produção",
      cpfLast2: cpfFrom(String(777_000_001)).replace(/\D/g, "").slice(-2),
    }),
  ]);
  // The CPF is kept only as its hash, and the list never carries it.
  const raw = (await t.db.select().from(rosterApiHeld).where(eq(rosterApiHeld.companyId, company.id)))[0];
  expect(JSON.stringify(raw)).not.toContain(cpfFrom(String(777_000_001)).replace(/\D/g, ""));
  expect(JSON.stringify(list)).not.toContain(raw?.cpfHash ?? "none");
  expect(await auditOf(company.id, "roster.api.held")).toHaveLength(2);

  // An update of someone already in the roster is never held.
  const [existing] = peopleOf(1, 1000);
  if (!existing) throw new Error("no person");
  const update = await api({
    method: "PUT",
    url: `/api/v1/roster/people/${existing.matricula}`,
    payload: { nome: `${existing.nome} Atualizada`, cpf: existing.cpf },
  });
  expect(update.statusCode).toBe(200);
  expect(update.json().outcome).toBe("updated");
}, 120_000);

it("the manager confirms: created and invited in one go, audited; a second confirmation of the same is refused", async () => {
  const { company, manager, put, held, post } = await companyAtTheCap();
  for (const n of [2, 3, 4]) expect((await put(n, { email: `guardada${n}@exemplo.com.br` })).statusCode).toBe(202);
  const [h2, h3, h4] = await held();
  if (!h2 || !h3 || !h4) throw new Error("three held");

  const empty = await post("confirm", []);
  expect(empty.statusCode).toBe(400);
  expect(empty.json().error.message).toBe(rosterApiMessages.heldNoneChosen);

  const discarded = await post("discard", [h4.id]);
  expect(discarded.statusCode).toBe(200);
  expect(discarded.json()).toEqual({ message: rosterApiMessages.heldDiscarded(1), created: 0 });

  // One id no longer held: nothing is confirmed, the other stays held.
  const stale = await post("confirm", [h2.id, h4.id]);
  expect(stale.statusCode).toBe(409);
  expect(stale.json().error.message).toBe(rosterApiMessages.heldNotFound);
  expect((await held()).map((p) => p.matricula)).toEqual(["H2", "H3"]);
  expect(await activeRosterCount(t.db, company.id)).toBe(25);

  const confirmed = await post("confirm", [h2.id, h3.id]);
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json()).toEqual({ message: rosterApiMessages.heldConfirmed(2), created: 2 });
  expect(await activeRosterCount(t.db, company.id)).toBe(27);
  expect(await held()).toEqual([]);
  const sent = await t.db
    .select({ email: invites.email, invitedBy: invites.invitedBy })
    .from(invites)
    .where(
      and(
        eq(invites.companyId, company.id),
        inArray(invites.email, ["guardada2@exemplo.com.br", "guardada3@exemplo.com.br", "guardada4@exemplo.com.br"]),
      ),
    );
  expect(sent.map((row) => row.email).sort()).toEqual(["guardada2@exemplo.com.br", "guardada3@exemplo.com.br"]);
  expect(sent.every((row) => row.invitedBy === manager.userId)).toBe(true);
  const entries = await auditOf(company.id, "roster.api.held.confirm");
  expect(entries.map((entry) => [entry.actorEmail, entry.details])).toEqual([[manager.email, { pessoas: 2 }]]);
  expect((await auditOf(company.id, "roster.api.held.discard")).map((e) => e.details)).toEqual([{ pessoas: 1 }]);

  expect((await post("confirm", [h2.id])).statusCode).toBe(409);
  expect(await activeRosterCount(t.db, company.id)).toBe(27);
}, 120_000);

it("another company's manager sees none of them and cannot confirm or discard them", async () => {
  const { put, held } = await companyAtTheCap();
  expect((await put(5)).statusCode).toBe(202);
  const [h5] = await held();
  const other = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  expect((await other.manager.as({ method: "GET", url: "/api/roster/api-held" })).json()).toEqual({ items: [] });
  for (const action of ["confirm", "discard"]) {
    const response = await other.manager.as({
      method: "POST",
      url: `/api/roster/api-held/${action}`,
      payload: { ids: [h5?.id] },
    });
    expect(response.statusCode).toBe(409);
  }
  expect(await held()).toHaveLength(1);
}, 120_000);

it("a held person the key sends again once the day has room is created, and waits no longer", async () => {
  const { company, put, held } = await companyAtTheCap();
  expect((await put(6)).statusCode).toBe(202);
  clock.set("2026-12-04T09:30:00-03:00");
  expect((await put(6)).statusCode).toBe(201);
  expect(await held()).toEqual([]);
  expect(await activeRosterCount(t.db, company.id)).toBe(26);
  clock.set("2026-12-03T09:00:00-03:00");
}, 120_000);
