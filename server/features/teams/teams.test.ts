import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "#core/auth-messages.ts";
import { messages } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { planLimitMessage, teamMessages } from "#core/team-messages.ts";
import { invites, profiles, session } from "#server/db/schema/index.ts";
import { companyWithManager, fillSeats, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("/api/team", () => {
  it("shows the plan, the members and who is the caller; members are refused", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "prime" });
    const member = await signedInPerson(t.app, t.db, { companyId: company.id, name: "Mara" });
    const team = (await manager.as({ method: "GET", url: "/api/team" })).json();
    expect(team.company).toMatchObject({ id: company.id, plan: "prime", memberLimit: 100, used: 2 });
    expect(team.members).toHaveLength(2);
    expect(team.members.find((m: { isSelf: boolean }) => m.isSelf).role).toBe("manager");
    expect((await member.as({ method: "GET", url: "/api/team" })).statusCode).toBe(403);
  });

  it("keeps a manager inside their own company", async () => {
    const a = await companyWithManager(t.app, t.db);
    const b = await companyWithManager(t.app, t.db);
    const other = await signedInPerson(t.app, t.db, { companyId: b.company.id });
    const asA = a.manager.as;
    expect((await asA({ method: "GET", url: `/api/team?companyId=${b.company.id}` })).statusCode).toBe(403);
    expect((await asA({ method: "GET", url: `/api/team/summary?companyId=${b.company.id}` })).statusCode).toBe(403);
    expect((await asA({ method: "GET", url: `/api/reports?companyId=${b.company.id}` })).statusCode).toBe(403);
    const invite = await asA({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "X", email: "x@exemplo.com.br", companyId: b.company.id },
    });
    expect(invite.statusCode).toBe(403);
    const remove = await asA({ method: "DELETE", url: `/api/team/members/${other.userId}` });
    expect(remove.statusCode).toBe(404);
    expect((await other.as({ method: "GET", url: "/api/me" })).json().companyId).toBe(b.company.id);
  });

  it("invites a member by e-mail with an /accept-invite link, and lists the pending invite", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const response = await manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: " Nina ", email: "Nina@Exemplo.com.br" },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(serverMessages.inviteSent);
    await t.deliverInvites();
    const mail = t.mails.at(-1);
    expect(mail?.to).toBe("nina@exemplo.com.br");
    expect(mail?.text).toMatch(/\/accept-invite\?token=[\w-]{40,}/);
    expect(mail?.html).toContain("Ativar minha conta");
    const pending = (await manager.as({ method: "GET", url: "/api/team/invites" })).json();
    expect(pending.items).toMatchObject([{ name: "Nina", email: "nina@exemplo.com.br", role: "user" }]);
    const [stored] = await t.db.select().from(invites).where(eq(invites.email, "nina@exemplo.com.br"));
    expect(mail?.text).not.toContain(stored?.tokenHash);
  });

  it("refuses empty fields and a bad e-mail in pt-BR", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const empty = await manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "  ", email: "a@b.com.br" },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(teamMessages.fillAllFields);
    const bad = await manager.as({ method: "POST", url: "/api/team/invites", payload: { name: "Ana", email: "ana" } });
    expect(bad.json().error.message).toBe(messages.emailInvalid);
  });

  it("holds the plan limit, counting pending invites, under simultaneous invites", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db, { plan: "essencial" });
    await fillSeats(t.db, company.id, 48); // with the manager: 49 of 50
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? admin : manager).as({
          method: "POST",
          url: "/api/team/invites",
          payload: {
            name: `Pessoa ${i}`,
            email: `limite${i}@exemplo.com.br`,
            ...(i % 2 ? { companyId: company.id } : {}),
          },
        }),
      ),
    );
    expect(attempts.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = attempts.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.json().error.message).toBe(planLimitMessage(50, "Essencial"));
    expect((await manager.as({ method: "GET", url: "/api/team" })).json().company.used).toBe(50);
  });

  it("lets a manager remove members but not other managers", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const other = await signedInPerson(t.app, t.db, { role: "manager", companyId: company.id });
    const response = await manager.as({ method: "DELETE", url: `/api/team/members/${other.userId}` });
    expect(response.statusCode).toBe(403);
  });

  it("removing a member ends their sessions at once; a manager cannot remove themself", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    expect((await member.as({ method: "GET", url: "/api/me" })).statusCode).toBe(200);
    const response = await manager.as({ method: "DELETE", url: `/api/team/members/${member.userId}` });
    expect(response.json().message).toBe(serverMessages.memberRemoved);
    expect((await member.as({ method: "GET", url: "/api/me" })).statusCode).toBe(401);
    const self = await manager.as({ method: "DELETE", url: `/api/team/members/${manager.userId}` });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(serverMessages.cannotRemoveSelf);
  });

  it("a removed member cannot sign in again, by password or with a session they still hold", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    const checkIn = { method: "POST" as const, url: "/api/check-ins", payload: { mood: 4 } };
    await manager.as({ method: "DELETE", url: `/api/team/members/${member.userId}` });
    expect((await member.as(checkIn)).statusCode).toBe(401);

    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { email: member.email, password: member.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toMatchObject({ code: "ACCESS_ENDED", message: authMessages.accessEnded });
    expect(signIn.headers["set-cookie"]).toBeUndefined();
    expect(await t.db.select().from(session).where(eq(session.userId, member.userId))).toEqual([]);

    // A session that outlived the removal (one made as it ran) is nobody: the caller is resolved in one place.
    const other = await signedInPerson(t.app, t.db, { companyId: company.id });
    await t.db.update(profiles).set({ companyId: null }).where(eq(profiles.userId, other.userId));
    for (const request of [
      { method: "GET" as const, url: "/api/me" },
      checkIn,
      { method: "GET" as const, url: "/api/content" },
    ]) {
      expect((await other.as(request)).statusCode).toBe(401);
    }
    // Their history stays theirs, for a later invitation (docs/decisions/009).
    const [kept] = await t.db.select().from(profiles).where(eq(profiles.userId, member.userId));
    expect(kept).toMatchObject({ companyId: null, role: "user" });
  });

  it("platform roles without a company still work", async () => {
    for (const role of ["admin", "psychologist"] as const) {
      const person = await signedInPerson(t.app, t.db, { role });
      expect((await person.as({ method: "GET", url: "/api/me" })).json()).toMatchObject({ role, companyId: null });
    }
  });

  it("an admin must say which company", async () => {
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const response = await admin.as({ method: "GET", url: "/api/team" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(messages.companyIdMissing);
  });
});
