import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMessages } from "#core/admin-messages.ts";
import { messages } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { rowsOf } from "#server/db/client.ts";
import { auditLog, invites, profiles, userProgress } from "#server/db/schema/index.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInPerson(t.app, t.db, { role: "admin", name: "Ada Admin" });
});
afterAll(() => t.close());

const adminRoutes = [
  { method: "GET", url: "/api/admin/companies" },
  {
    method: "POST",
    url: "/api/admin/companies",
    payload: { name: "X", manager_name: "Y", manager_email: "y@x.com.br", plan: "prime" },
  },
  { method: "DELETE", url: "/api/admin/companies/00000000-0000-4000-8000-000000000000" },
  {
    method: "POST",
    url: "/api/admin/companies/00000000-0000-4000-8000-000000000000/members",
    payload: { name: "Y", email: "y@x.com.br", role: "user" },
  },
  { method: "DELETE", url: "/api/admin/companies/00000000-0000-4000-8000-000000000000/members/abc" },
  { method: "GET", url: "/api/admin/companies/00000000-0000-4000-8000-000000000000/members" },
] as const;

describe("admin routes", () => {
  it("refuse managers and members (403) and anonymous callers (401)", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    for (const route of adminRoutes) {
      expect((await manager.as(route)).statusCode, `${route.method} ${route.url}`).toBe(403);
      expect((await member.as(route)).statusCode, `${route.method} ${route.url}`).toBe(403);
      expect((await t.app.inject(route)).statusCode).toBe(401);
    }
  });

  it("create a company (plan aliases accepted) and invite its manager with a /confirm-account link", async () => {
    const response = await admin.as({
      method: "POST",
      url: "/api/admin/companies",
      payload: { name: "Café Tranquilo", manager_name: "Helena", manager_email: "helena@cafe.com.br", plan: "starter" },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(adminMessages.companyCreated);
    await t.deliverInvites();
    const mail = t.mails.at(-1);
    expect(mail?.to).toBe("helena@cafe.com.br");
    expect(mail?.text).toMatch(/\/confirm-account#access_token=[\w-]{40,}&type=invite/);
    const list = (await admin.as({ method: "GET", url: "/api/admin/companies" })).json();
    const created = list.items.find((c: { name: string }) => c.name === "Café Tranquilo");
    expect(created).toMatchObject({
      plan: "essencial",
      manager: { name: "Helena", email: "helena@cafe.com.br", pending: true },
      memberCount: 0,
      pendingInviteCount: 1,
      seatsUsed: 1,
      seatLimit: 50,
    });
    const people = (await admin.as({ method: "GET", url: `/api/admin/companies/${created.id}/members` })).json();
    expect(people).toMatchObject({ members: [], memberTotal: 0, pendingInviteTotal: 1 });
    expect(people.pendingInvites).toMatchObject([{ role: "manager", email: "helena@cafe.com.br" }]);
  });

  it("refuses bad company input with the pt-BR message, saving nothing", async () => {
    const before = (await admin.as({ method: "GET", url: "/api/admin/companies" })).json().total;
    const cases = [
      [{ name: " ", manager_name: "A", manager_email: "a@b.com.br", plan: "prime" }, adminMessages.companyNameRequired],
      [{ name: "N", manager_name: "", manager_email: "a@b.com.br", plan: "prime" }, adminMessages.managerNameRequired],
      [{ name: "N", manager_name: "A", manager_email: "nope", plan: "prime" }, messages.emailInvalid],
      [{ name: "N", manager_name: "A", manager_email: "a@b.com.br", plan: "gold" }, adminMessages.planInvalid],
    ] as const;
    for (const [payload, message] of cases) {
      const response = await admin.as({ method: "POST", url: "/api/admin/companies", payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await admin.as({ method: "GET", url: "/api/admin/companies" })).json().total).toBe(before);
  });

  it("refuses a second company of the same name, ignoring case and accents, with a 409 (docs/decisions/058)", async () => {
    const payload = {
      name: "Padaria São João",
      manager_name: "Rui",
      manager_email: "rui@padaria.com.br",
      plan: "prime",
    };
    expect((await admin.as({ method: "POST", url: "/api/admin/companies", payload })).statusCode).toBe(201);
    const before = (await admin.as({ method: "GET", url: "/api/admin/companies" })).json().total;
    for (const name of ["Padaria São João", "  PADARIA SAO JOAO ", "padaria são joão"]) {
      const response = await admin.as({
        method: "POST",
        url: "/api/admin/companies",
        payload: { ...payload, name, manager_email: "outra@padaria.com.br" },
      });
      expect(response.statusCode, name).toBe(409);
      expect(response.json().error).toMatchObject({ message: serverMessages.companyNameTaken, field: "name" });
    }
    expect((await admin.as({ method: "GET", url: "/api/admin/companies" })).json().total).toBe(before);
    const [invite] = await t.db.select().from(invites).where(eq(invites.email, "outra@padaria.com.br"));
    expect(invite).toBeUndefined();
  });

  it("keeps the company when its manager's mail cannot go, and lists the invite as failed after the retries", async () => {
    const failing = await createTestApp({
      mailer: { send: async () => Promise.reject(new Error("smtp down")), drain: async () => {} },
    });
    const boss = await signedInPerson(failing.app, failing.db, { role: "admin" });
    const response = await boss.as({
      method: "POST",
      url: "/api/admin/companies",
      payload: { name: "Sem Email", manager_name: "A", manager_email: "a@semmail.com.br", plan: "prime" },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const listed = async () =>
      (await boss.as({ method: "GET", url: `/api/admin/companies/${id}/members` })).json().pendingInvites[0].delivery;
    expect(await listed()).toBe("sending");
    // Five attempts, each after the last one's backoff (at most 8 minutes apart).
    for (let attempt = 1, at = Date.now(); attempt <= 5; attempt++, at += 10 * 60_000) {
      expect(await failing.runJobs(new Date(at))).toEqual({ finished: 0, failed: 1 });
    }
    expect(await listed()).toBe("failed");
    await failing.close();
  });

  it("invite and remove members of any company; removal ends sessions", async () => {
    const { company } = await companyWithManager(t.app, t.db);
    const invite = await admin.as({
      method: "POST",
      url: `/api/admin/companies/${company.id}/members`,
      payload: { name: "Ivo", email: "ivo@exemplo.com.br", role: "manager" },
    });
    expect(invite.statusCode).toBe(201);
    expect(invite.json().message).toBe(adminMessages.adminInviteSent);
    await t.deliverInvites();
    expect(t.mails.at(-1)?.text).toContain("/confirm-account#access_token=");
    const badRole = await admin.as({
      method: "POST",
      url: `/api/admin/companies/${company.id}/members`,
      payload: { name: "Ivo", email: "ivo2@exemplo.com.br", role: "admin" },
    });
    expect(badRole.json().error.message).toBe(adminMessages.roleInvalid);

    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    const removed = await admin.as({
      method: "DELETE",
      url: `/api/admin/companies/${company.id}/members/${member.userId}`,
    });
    expect(removed.json().message).toBe(adminMessages.adminMemberRemoved);
    expect((await member.as({ method: "GET", url: "/api/me" })).statusCode).toBe(401);
  });

  it("deleting a company keeps its people and their own history, detached; nothing orphaned", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    await member.as({ method: "POST", url: "/api/check-ins", payload: { mood: 4, notes: "meu dia" } });
    await manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "Pendente", email: "pendente@exemplo.com.br" },
    });

    const response = await admin.as({ method: "DELETE", url: `/api/admin/companies/${company.id}` });
    expect(response.json().message).toBe(adminMessages.companyRemoved);
    expect((await member.as({ method: "GET", url: "/api/me" })).statusCode).toBe(401); // sessions ended
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, manager.userId));
    expect(profile).toMatchObject({ companyId: null, role: "user" });
    const history = await t.db.select().from(userProgress).where(eq(userProgress.userId, member.userId));
    expect(history).toMatchObject([{ mood: 4, companyId: null }]);
    const orphans = rowsOf<{ n: number }>(
      await t.db.execute(sql`
        select (select count(*) from invites where company_id = ${company.id})
             + (select count(*) from company_daily_stats where company_id = ${company.id})
             + (select count(*) from profiles where company_id = ${company.id}) as n`),
    );
    expect(Number(orphans[0]?.n)).toBe(0);
  });

  it("writes who did what to the audit log, never a mood", async () => {
    const rows = await t.db.select().from(auditLog);
    const actions = new Set(rows.map((row) => row.action));
    for (const action of ["company.create", "invite.create", "member.remove", "company.delete"])
      expect(actions).toContain(action);
    expect(rows.find((row) => row.action === "company.delete")?.actorEmail).toBe(admin.email);
    expect(JSON.stringify(rows)).not.toMatch(/mood|meu dia/);
  });
});
