/**
 * Administração at 500 companies (issue 37, docs/decisions/054): the list is summaries a page at a
 * time, counted by SQL; one company's people come a page at a time, searched, and only to an admin.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE, type AdminCompanyPage, type AdminCompanyPeople } from "#core/schemas/admin.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInPerson(t.app, t.db, { role: "admin", name: "Ada Admin" });
});
afterAll(() => t.close());

const list = async (query = "") => {
  const response = await admin.as({ method: "GET", url: `/api/admin/companies${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json() as AdminCompanyPage, bytes: response.body.length };
};
const people = async (companyId: string, query = "") => {
  const response = await admin.as({ method: "GET", url: `/api/admin/companies/${companyId}/members${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminCompanyPeople;
};

/** `count` members named '<prefix> 0001'… in one INSERT … SELECT generate_series, not row by row. */
async function addMembers(companyId: string, prefix: string, count: number) {
  const tag = `${prefix.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}`;
  await t.db.execute(sql`
    with people as (
      select n, ${tag} || '-' || n as id, ${prefix} || ' ' || lpad(n::text, 4, '0') as name,
             ${tag} || '.' || n || '@exemplo.com.br' as email
      from generate_series(1, ${count}) as n
    ), users as (
      insert into "user" (id, name, email) select id, name, email from people returning id
    )
    insert into profiles (user_id, name, email, role, company_id)
    select p.id, p.name, p.email, 'user', ${companyId}::uuid from people p join users u on u.id = p.id`);
}

describe("GET /api/admin/companies: summaries, searched and paged", () => {
  it("counts members and pending invites per company, names the manager, and the seats the card shows", async () => {
    const { company } = await companyWithManager(t.app, t.db, { name: "Contagens Ltda", plan: "prime" });
    await addMembers(company.id, "Pessoa Contada", 3);
    for (const email of ["um@contagens.com.br", "dois@contagens.com.br"]) {
      const invited = await admin.as({
        method: "POST",
        url: `/api/admin/companies/${company.id}/members`,
        payload: { name: "Convidada", email, role: "user" },
      });
      expect(invited.statusCode).toBe(201);
    }
    const { body } = await list("?q=Contagens");
    expect(body).toMatchObject({ total: 1, page: 1, pageSize: ADMIN_PAGE_SIZE });
    const [summary] = body.items;
    // The manager and three members; two invites hold seats too.
    expect(summary).toMatchObject({
      id: company.id,
      plan: "prime",
      memberCount: 4,
      pendingInviteCount: 2,
      seatsUsed: 6,
      seatLimit: 100,
      manager: { pending: false },
    });
    expect(Object.keys(summary ?? {})).not.toContain("members");
  });

  it("finds a company by part of its name, ignoring case and accents; nothing found is an empty page", async () => {
    const { company } = await companyWithManager(t.app, t.db, { name: "Clínica São José da Ávila" });
    for (const q of ["clinica sao", "SÃO JOSÉ", "avila", "Ávila"]) {
      const { body } = await list(`?q=${encodeURIComponent(q)}`);
      expect(
        body.items.map((item) => item.id),
        q,
      ).toEqual([company.id]);
      expect(body.total).toBe(1);
    }
    // The user's % and _ are letters, not patterns.
    expect((await list(`?q=${encodeURIComponent("%")}`)).body.total).toBe(0);
    expect((await list("?q=nada-parecido-com-isso")).body).toMatchObject({ items: [], total: 0 });
  });

  it("pages 20 at a time, newest first, with the total; a bad page is a pt-BR 400", async () => {
    const stamp = Date.now();
    await t.db.execute(sql`
      insert into companies (name, plan, created_at)
      select 'Paginada ' || ${stamp} || ' ' || lpad(n::text, 2, '0'), 'essencial', now() + n * interval '1 second'
      from generate_series(1, 45) as n`);
    const q = `?q=${encodeURIComponent(`Paginada ${stamp}`)}`;
    const first = (await list(q)).body;
    expect(first.total).toBe(45);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]?.name).toBe(`Paginada ${stamp} 45`);
    const third = (await list(`${q}&page=3`)).body;
    expect(third.items.map((item) => item.name)).toEqual(
      [5, 4, 3, 2, 1].map((n) => `Paginada ${stamp} ${String(n).padStart(2, "0")}`),
    );
    expect((await list(`${q}&page=4`)).body.items).toEqual([]);
    const bad = await admin.as({ method: "GET", url: "/api/admin/companies?page=0" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Página inválida.");
  });

  it("costs the same however many members a company has: 2,000 more change neither the size nor the rows read", async () => {
    const { company } = await companyWithManager(t.app, t.db, { name: "Crescente SA", plan: "enterprise" });
    // The newest, so on the first page among the other tests' companies.
    await t.db.execute(sql`update companies set created_at = now() + interval '1 day' where id = ${company.id}`);
    const before = await list();
    const rowsBefore = await rowsRead(() => list());
    if (rowsBefore !== null) expect(rowsBefore).toBeGreaterThan(20); // the counter does see the statements' rows
    await addMembers(company.id, "Pessoa em Massa", 2_000);
    const after = await list();
    const grown = after.body.items.find((item) => item.id === company.id);
    expect(grown?.memberCount).toBe(2_001);
    // Same companies, same fields: memberCount and seatsUsed went from '1' to '2001', 3 characters each.
    expect(after.bytes - before.bytes).toBe(6);
    // The rows the list's statements hand back do not grow with members (GROUP BY, not a load).
    expect(await rowsRead(() => list())).toBe(rowsBefore);
  });
});

/**
 * Rows the database returned to the app during `run` (every statement's result), counted at PGlite's
 * client; null on PostgreSQL, whose postgres.js client has no single query method to count at (the
 * response-size check above runs on both).
 */
async function rowsRead(run: () => Promise<unknown>): Promise<number | null> {
  const client = (t.db as unknown as { $client: { query?: (...args: unknown[]) => Promise<{ rows: unknown[] }> } })
    .$client;
  if (typeof client.query !== "function") return null;
  const original = client.query.bind(client);
  let rows = 0;
  client.query = async (...args: unknown[]) => {
    const result = await original(...args);
    rows += result.rows?.length ?? 0;
    return result;
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return rows;
}

describe("GET /api/admin/companies/:id/members: one company's people, paged and searched", () => {
  it("pages members by name, 20 a page, and finds one by name or e-mail ignoring accents", async () => {
    const { company } = await companyWithManager(t.app, t.db, { name: "Muitos Membros", plan: "enterprise" });
    await addMembers(company.id, "Colega", 45);
    await addMembers(company.id, "Júlia Ávila", 1);
    const first = await people(company.id);
    expect(first).toMatchObject({ memberTotal: 47, page: 1, pageSize: 20 });
    expect(first.members).toHaveLength(20);
    expect(first.members[0]?.name).toBe("Colega 0001");
    const third = await people(company.id, "?page=3");
    expect(third.members).toHaveLength(7);
    const found = await people(company.id, `?q=${encodeURIComponent("julia avila")}`);
    expect(found.members.map((member) => member.name)).toEqual(["Júlia Ávila 0001"]);
    expect(found.memberTotal).toBe(1);
    const byEmail = await people(company.id, "?q=colega-");
    expect(byEmail.memberTotal).toBe(45);
  });

  it("answers 404 for a company that does not exist, and only to an admin", async () => {
    const missing = await admin.as({
      method: "GET",
      url: "/api/admin/companies/00000000-0000-4000-8000-000000000000/members",
    });
    expect(missing.statusCode).toBe(404);
    const { company, manager } = await companyWithManager(t.app, t.db);
    const url = `/api/admin/companies/${company.id}/members`;
    expect((await manager.as({ method: "GET", url })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });
});
