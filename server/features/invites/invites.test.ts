import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages } from "#core/auth-messages.ts";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { inviteMessages } from "#core/invite-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { inviteCapMessage } from "#core/team-messages.ts";
import { consentEvents, invites, profiles } from "#server/db/schema/index.ts";
import { verifiedPsychologist } from "#tests/api/care.ts";
import { companyWithManager, signedInPerson, signIn } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";
import { insertInvitesInBulk } from "./bulk-invites.ts";
import { inviteLimits } from "./invites.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function inviteFromTeam(name: string, email: string) {
  const { company, manager } = await companyWithManager(t.app, t.db, { name: `Acme ${email}` });
  await manager.as({ method: "POST", url: "/api/team/invites", payload: { name, email } });
  await t.deliverInvites();
  const token = t.mails.at(-1)?.text.match(/token=([\w-]+)/)?.[1] as string;
  return { company, manager, token };
}

const lookup = (token: string) =>
  t.app.inject({ method: "GET", url: `/api/invites/lookup?token=${encodeURIComponent(token)}` });
const accept = (token: string, password = "minha-senha-nova-1") =>
  t.app.inject({
    method: "POST",
    url: "/api/invites/accept",
    headers: { origin: TEST_ORIGIN },
    payload: { token, password, consent: true },
  });

describe("invitations", () => {
  it("shows who invited, to which company, then creates the account with the invited role", async () => {
    const { company, token } = await inviteFromTeam("Olga", "olga@exemplo.com.br");
    const details = await lookup(token);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({
      name: "Olga",
      email: "olga@exemplo.com.br",
      companyName: company.name,
      managerName: "Gestora Gil",
      role: "user",
    });
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(201);
    const { cookie } = await signIn(t.app, "olga@exemplo.com.br", "minha-senha-nova-1");
    const me = (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json();
    expect(me).toMatchObject({ name: "Olga", role: "user", companyId: company.id });
  });

  it("asks for the wellbeing-data consent, records when it was given, and keeps the invite without it", async () => {
    const { token } = await inviteFromTeam("Uma", "uma@exemplo.com.br");
    for (const consent of [undefined, false]) {
      const refused = await t.app.inject({
        method: "POST",
        url: "/api/invites/accept",
        payload: { token, password: "minha-senha-nova-1", consent },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(inviteMessages.consentRequired);
    }
    expect((await lookup(token)).statusCode).toBe(200);
    expect((await accept(token)).statusCode).toBe(201);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, "uma@exemplo.com.br"));
    expect(profile?.wellbeingConsentAt).toBeInstanceOf(Date);
    expect(profile?.wellbeingConsentVersion).toBe(WELLBEING_CONSENT_VERSION);
    const events = await t.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.userId, profile?.userId ?? ""));
    expect(events).toMatchObject([{ kind: "given", version: WELLBEING_CONSENT_VERSION }]);
  });

  it("does not ask a psychologist for the wellbeing-data consent, and records none", async () => {
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const { email } = await verifiedPsychologist(t, admin.as, { verify: false });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile).toMatchObject({ role: "psychologist", wellbeingConsentAt: null, wellbeingConsentVersion: null });
    const events = await t.db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.userId, profile?.userId ?? ""));
    expect(events).toEqual([]);
  });

  it("is single-use", async () => {
    const { token } = await inviteFromTeam("Pia", "pia@exemplo.com.br");
    expect((await accept(token)).statusCode).toBe(201);
    const again = await accept(token, "outra-senha-forte-2");
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(inviteMessages.inviteInvalid);
    expect((await lookup(token)).statusCode).toBe(404);
  });

  it("expires after 7 days", async () => {
    const { token } = await inviteFromTeam("Quel", "quel@exemplo.com.br");
    const [row] = await t.db.select().from(invites).where(eq(invites.email, "quel@exemplo.com.br"));
    expect(row && (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000).toBeCloseTo(7, 1);
    await t.db
      .update(invites)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(invites.email, "quel@exemplo.com.br"));
    expect((await lookup(token)).statusCode).toBe(404);
    expect((await accept(token)).statusCode).toBe(404);
  });

  it("refuses a tampered token, and stores only the token's hash", async () => {
    const { token } = await inviteFromTeam("Rui", "rui@exemplo.com.br");
    const tampered = `${token.slice(0, -2)}${token.endsWith("A") ? "BB" : "AA"}`;
    expect((await lookup(tampered)).statusCode).toBe(404);
    expect((await accept(tampered)).statusCode).toBe(404);
    const rows = await t.db.execute(sql`select * from invites where email = 'rui@exemplo.com.br'`);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("sending again replaces the old token", async () => {
    const { manager, token } = await inviteFromTeam("Sol", "sol@exemplo.com.br");
    await manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "Sol", email: "sol@exemplo.com.br" },
    });
    await t.deliverInvites();
    const fresh = t.mails.at(-1)?.text.match(/token=([\w-]+)/)?.[1] as string;
    expect(fresh).not.toBe(token);
    expect((await lookup(token)).statusCode).toBe(404);
    expect((await lookup(fresh)).statusCode).toBe(200);
  });

  it("applies the password rule, without consuming the invite", async () => {
    const { token } = await inviteFromTeam("Tom", "tom@exemplo.com.br");
    const weak = await accept(token, "1234567");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toBe(authMessages.passwordTooShort);
    expect((await accept(token, "senha123")).json().error.message).toBe(authMessages.passwordTooCommon);
    expect((await lookup(token)).statusCode).toBe(200);
  });

  it("answers an address of another company like any new one, and resolves it when the person accepts", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const taken = await signedInPerson(t.app, t.db, { companyId: (await companyWithManager(t.app, t.db)).company.id });
    const fresh = await manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "Nova", email: `nova-${Date.now()}@exemplo.com.br` },
    });
    const response = await manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "Já", email: taken.email },
    });
    expect(response.statusCode).toBe(fresh.statusCode);
    expect(response.json()).toEqual(fresh.json());
    await t.deliverInvites();
    const token = t.mails.at(-1)?.text.match(/token=([\w-]+)/)?.[1] as string;
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error.message).toBe(serverMessages.alreadyInCompany);
  });

  it("never lets a second company take over another company's pending invitation (docs/decisions/058)", async () => {
    const email = `disputada-${Date.now()}@exemplo.com.br`;
    const first = await inviteFromTeam("Duda", email);
    const second = await companyWithManager(t.app, t.db);
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    const mailsBefore = t.mails.length;

    const byManager = await second.manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "Duda", email },
    });
    expect(byManager.statusCode).toBe(409);
    expect(byManager.json().error.message).toBe(serverMessages.inviteHeldElsewhere);
    const byAdmin = await admin.as({
      method: "POST",
      url: "/api/admin/companies",
      payload: { name: `Outra ${email}`, manager_name: "Duda", manager_email: email.toUpperCase(), plan: "prime" },
    });
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().error.message).toBe(serverMessages.inviteHeldElsewhere);
    // The company and its manager's invite stand or fall together: no company was left behind.
    const list = (
      await admin.as({ method: "GET", url: `/api/admin/companies?q=${encodeURIComponent(`Outra ${email}`)}` })
    ).json();
    expect(list.total).toBe(0);
    // An import leaves the address to the first company too.
    const bulk = await insertInvitesInBulk(
      t.db,
      { companyId: second.company.id, inviter: { userId: null, name: "RH" }, people: [{ name: "Duda", email }] },
      new Date(),
    );
    expect(bulk).toBe(0);

    await t.deliverInvites();
    expect(t.mails.length).toBe(mailsBefore);
    const found = (await lookup(first.token)).json();
    expect(found).toMatchObject({ email, companyName: first.company.name });

    // Once the first company cancels it, the address is free.
    const [held] = await t.db.select().from(invites).where(eq(invites.email, email));
    await first.manager.as({ method: "DELETE", url: `/api/team/invites/${held?.id}` });
    const again = await second.manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "Duda", email },
    });
    expect(again.statusCode).toBe(201);
  });

  it("refuses inviting someone already in the manager's own team", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    const response = await manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: "Já", email: member.email },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(serverMessages.alreadyInYourTeam);
  });

  it("limits invitations per address per day, with Retry-After, in pt-BR", async () => {
    const { manager } = await companyWithManager(t.app, t.db, { plan: "prime" });
    const email = `repetido-${Date.now()}@exemplo.com.br`;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof manager.as>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await manager.as({ method: "POST", url: "/api/team/invites", payload: { name: "Rep", email } });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(last?.json().error.message).toBe(serverMessages.tooManyInvites);
    expect(Number(last?.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("caps a company at 30 invitations an hour, counting cancelled ones and resends, with the wait and Retry-After", async () => {
    const { manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const stamp = Date.now();
    const invite = (email: string) =>
      manager.as({ method: "POST", url: "/api/team/invites", payload: { name: "Pessoa", email } });
    const pending = async () => (await manager.as({ method: "GET", url: "/api/team/invites" })).json().items;
    // 20 invite-and-cancel rounds to 20 addresses…
    for (let i = 0; i < 20; i++) {
      expect((await invite(`ciclo-${i}-${stamp}@exemplo.com.br`)).statusCode).toBe(201);
      const [sent] = await pending();
      await manager.as({ method: "DELETE", url: `/api/team/invites/${sent.id}` });
    }
    // …then 5 invitations, each resent once: 30 attempts in all.
    for (let i = 0; i < 5; i++) expect((await invite(`fica-${i}-${stamp}@exemplo.com.br`)).statusCode).toBe(201);
    for (const { id } of await pending()) {
      expect((await manager.as({ method: "POST", url: `/api/team/invites/${id}/resend` })).statusCode).toBe(201);
    }
    const refused = await invite(`mais-um-${stamp}@exemplo.com.br`);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThan(50 * 60);
    expect(refused.json().error.message).toBe(inviteCapMessage(inviteLimits.perCompany.max, wait));
    expect(refused.json().error.message).toMatch(
      /limite de 30 convites por hora\. Tente de novo em 60 minutos\..*use Importar pessoas, em Equipe\./,
    );
    const resend = await manager.as({ method: "POST", url: `/api/team/invites/${(await pending())[0].id}/resend` });
    expect(resend.statusCode).toBe(429);
    expect(await pending()).toHaveLength(5);
  });

  it("holds the admin's invitations to a company to the same cap", async () => {
    const { company } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
    const admin = await signedInPerson(t.app, t.db, { role: "admin" });
    await t.db.execute(
      sql`INSERT INTO rate_limits (key, count, reset_at) VALUES (${`invite:company:${company.id}`}, ${inviteLimits.perCompany.max}, now() + interval '20 minutes')`,
    );
    const response = await admin.as({
      method: "POST",
      url: `/api/admin/companies/${company.id}/members`,
      payload: { name: "Gestor Novo", email: `gestor-${Date.now()}@exemplo.com.br`, role: "manager" },
    });
    expect(response.statusCode).toBe(429);
    expect(response.json().error.message).toBe(inviteCapMessage(30, Number(response.headers["retry-after"])));
    expect(response.json().error.message).toContain("Tente de novo em 20 minutos");
    const rows = await t.db.select().from(invites).where(eq(invites.companyId, company.id));
    expect(rows).toHaveLength(0);
  });

  it("sends Sereno's own words: the invitee name the manager typed is not in the mail", async () => {
    const { manager } = await companyWithManager(t.app, t.db);
    const typed = "Ganhe um PIX em golpe.example";
    await manager.as({
      method: "POST",
      url: "/api/team/invites",
      payload: { name: typed, email: `texto-${Date.now()}@exemplo.com.br` },
    });
    await t.deliverInvites();
    const mail = t.mails.at(-1);
    expect(mail?.text).not.toContain(typed);
    expect(mail?.html).not.toContain(typed);
    expect(mail?.text).toContain("Gestora Gil");
  });
});
