import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditMessages } from "#core/audit-labels.ts";
import { internalAddressFor } from "#core/internal-address.ts";
import { auditLog, rosterPeople, user } from "#server/db/schema/index.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  t = await createTestApp({ env: { TZ_DEFAULT: "America/Sao_Paulo" } });
  admin = await signedInPerson(t.app, t.db, { role: "admin", email: "admin.auditoria@sereno.com.br" });
});
afterAll(() => t.close());

const audit = (query = "") => admin.as({ method: "GET", url: `/api/admin/audit${query}` });

describe("Registro de acessos", () => {
  it("lists a company created by an admin, with its company and actor", async () => {
    const created = await admin.as({
      method: "POST",
      url: "/api/admin/companies",
      payload: {
        name: "Auditada SA",
        manager_name: "Gil",
        manager_email: "gil.auditada@exemplo.com.br",
        plan: "prime",
      },
    });
    expect(created.statusCode).toBe(201);
    const response = await audit("?action=company.create");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      action: "company.create",
      actorEmail: "admin.auditoria@sereno.com.br",
      companyId: created.json().id,
      companyName: "Auditada SA",
      details: { name: "Auditada SA", plan: "prime" },
    });
    // The manager's invitation went in with the company id, so the company filter finds both.
    const byCompany = (await audit(`?companyId=${created.json().id}`)).json();
    expect(byCompany.items.map((item: { action: string }) => item.action).sort()).toEqual(["company.create"]);
  });

  it("records team actions against the company, and keeps the name after the company is deleted", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { name: "Equipe Auditada" });
    await manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "Rui", email: "rui@exemplo.com.br" },
    });
    await admin.as({ method: "DELETE", url: `/api/admin/companies/${company.id}` });
    const body = (await audit(`?companyId=${company.id}`)).json();
    expect(body.items.map((item: { action: string }) => item.action)).toEqual(["company.delete", "invite.create"]);
    expect(body.items.every((item: { companyName: string }) => item.companyName === "Equipe Auditada")).toBe(true);
  });

  it("names an actor without e-mail by the matrícula, for the list and the admin's home (issue 45, item 8)", async () => {
    const { company } = await companyWithManager(t.app, t.db);
    const userId = `sem-email-${Date.now()}`;
    await t.db
      .insert(user)
      .values({ id: userId, name: "Rosa Sem Email", email: internalAddressFor(userId), emailVerified: true });
    await t.db.insert(rosterPeople).values({
      companyId: company.id,
      cpfHash: `hash-${userId}`,
      cpfLast2: "12",
      matricula: "M-4471",
      name: "Rosa Sem Email",
      userId,
    });
    await t.db.insert(auditLog).values([
      { actorUserId: userId, actorEmail: internalAddressFor(userId), action: "auth.sign-in", targetType: "session" },
      { actorUserId: admin.userId, actorEmail: admin.email, action: "auth.sign-in", targetType: "session" },
    ]);
    const items = (await audit("?action=auth.sign-in")).json().items as {
      actorEmail: string;
      actorMatricula: string | null;
    }[];
    expect(items.find((item) => item.actorEmail === internalAddressFor(userId))?.actorMatricula).toBe("M-4471");
    // Someone with an e-mail is known by it: no matrícula is handed out with it.
    expect(items.find((item) => item.actorEmail === admin.email)?.actorMatricula).toBeNull();
    const home = (await admin.as({ method: "GET", url: "/api/admin/home" })).json();
    expect(home.recentAccess).toContainEqual(
      expect.objectContaining({ actorEmail: internalAddressFor(userId), actorMatricula: "M-4471" }),
    );
  });

  it("is for platform admins only", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db);
    expect((await manager.as({ method: "GET", url: "/api/admin/audit" })).statusCode).toBe(403);
    expect((await member.as({ method: "GET", url: "/api/admin/audit" })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/audit" })).statusCode).toBe(401);
  });

  it("filters by actor e-mail (contains, any case, % taken literally) and by days in TZ_DEFAULT", async () => {
    const actor = { userId: null, email: "Ana.Filtro@Exemplo.com.br" };
    const at = (iso: string) => new Date(iso);
    await t.db.insert(auditLog).values([
      { actorEmail: actor.email, action: "report.view", targetType: "company", createdAt: at("2026-03-10T02:59:00Z") }, // 09/03 23:59 SP
      { actorEmail: actor.email, action: "report.view", targetType: "company", createdAt: at("2026-03-10T03:00:00Z") }, // 10/03 00:00 SP
      {
        actorEmail: actor.email,
        action: "report.export",
        targetType: "company",
        createdAt: at("2026-03-11T02:59:00Z"),
      }, // 10/03 23:59 SP
      { actorEmail: actor.email, action: "summary.view", targetType: "company", createdAt: at("2026-03-11T03:00:00Z") }, // 11/03
    ]);
    const day = (await audit("?actor=ana.filtro&from=2026-03-10&to=2026-03-10")).json();
    expect(day.total).toBe(2);
    expect(day.items.map((item: { action: string }) => item.action)).toEqual(["report.export", "report.view"]);
    expect((await audit("?actor=ana.filtro&from=2026-03-11")).json().total).toBe(1);
    expect((await audit("?actor=ana.filtro&to=2026-03-09")).json().total).toBe(1);
    expect((await audit("?actor=%25")).json().total).toBe(0);
  });

  it("pages with a total, newest first", async () => {
    // Distinct moments: rows written within the same clock tick have no order of their own.
    for (let i = 0; i < 5; i++) {
      await t.db.insert(auditLog).values({
        actorUserId: null,
        actorEmail: `paginas${i}@exemplo.com.br`,
        action: "account.delete",
        targetType: "user",
        targetId: `u${i}`,
        createdAt: new Date(Date.UTC(2026, 10, 22, 12, 0, i)),
      });
    }
    const first = (await audit("?action=account.delete&pageSize=2")).json();
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    const third = (await audit("?action=account.delete&pageSize=2&page=3")).json();
    expect(third.items).toHaveLength(1);
    const all = (await audit("?action=account.delete&pageSize=100")).json();
    expect(all.items.map((item: { targetId: string }) => item.targetId)).toEqual(["u4", "u3", "u2", "u1", "u0"]);
    expect([...first.items, ...third.items].map((item) => item.targetId)).not.toContain(undefined);
  });

  it("refuses bad filters with a pt-BR message (400)", async () => {
    const cases: Array<[string, string]> = [
      ["?pageSize=101", ""],
      ["?page=0", ""],
      ["?action=mood.read", auditMessages.actionInvalid],
      ["?from=2026-13-45", auditMessages.dateInvalid],
      ["?from=10/03/2026", auditMessages.dateInvalid],
      ["?from=2026-03-11&to=2026-03-10", auditMessages.rangeInvalid],
      ["?companyId=nope", ""],
      ["?sort=mood", ""],
    ];
    for (const [query, message] of cases) {
      const response = await audit(query);
      expect(response.statusCode, query).toBe(400);
      if (message) expect(response.json().error.message, query).toBe(message);
    }
  });

  it("never carries a mood or a note", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    await member.as({ method: "POST", url: "/api/check-ins", payload: { mood: 1, notes: "nota-que-nao-pode-vazar" } });
    await manager.as({ method: "DELETE", url: `/api/team/members/${member.userId}` });
    const body = (await audit("?pageSize=100")).body;
    expect(body).toContain("member.remove");
    expect(body).not.toContain("nota-que-nao-pode-vazar");
    expect(body).not.toMatch(/mood|notes|humor/i);
  });
});
