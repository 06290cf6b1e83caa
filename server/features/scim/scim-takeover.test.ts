/**
 * A company's SCIM token speaks for that company only (docs/decisions/056):
 * it never adopts an account outside the company (issue 45's takeover: a
 * member company B removed, taken by A's token and pointed at an attacker's
 * mailbox), creates people only in the company's verified domains or on its
 * roster, and never moves a sign-in address outside those domains.
 */
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scimMessages } from "#core/scim-messages.ts";
import { profiles, scimUsers, user } from "#server/db/schema/index.ts";
import { createApiKey, withKey } from "#tests/api/hr-api.ts";
import { asIdp, createScimToken, patchOf, SCIM_USER } from "#tests/api/scim.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { verifiedDomain } from "#tests/api/sso.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

const SLOW = 90_000;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInPerson(t.app, t.db, { role: "admin", companyId: null });
});
afterAll(async () => {
  await t.close();
});

let domains = 0;
/** A company with its own verified domain and a SCIM token. */
async function scimCompany() {
  const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  domains += 1;
  const domain = `empresa-${domains}.com.br`;
  await verifiedDomain(admin, company.id, domain);
  const token = await createScimToken(admin.as, company.id);
  return { company, manager, domain, idp: asIdp(t.app, token.secret) };
}

function refused(response: LightMyRequestResponse, status: number, detail: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().detail).toBe(detail);
}

const scimUser = (email: string, extra: Record<string, unknown> = {}) => ({
  schemas: [SCIM_USER],
  userName: email,
  emails: [{ value: email, type: "work", primary: true }],
  displayName: "Pessoa SCIM",
  ...extra,
});

const profileOf = async (userId: string) => (await t.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
const emailOf = async (userId: string) => (await t.db.select().from(user).where(eq(user.id, userId)))[0]?.email;

describe("an account outside the company", () => {
  it(
    "a member another company removed is not adopted, by e-mail or through the roster",
    async () => {
      const b = await companyWithManager(t.app, t.db, { plan: "enterprise" });
      const her = await signedInPerson(t.app, t.db, { companyId: b.company.id, name: "Lia Saiu" });
      const removed = await b.manager.as({
        method: "DELETE",
        url: `/api/team/members/${her.userId}?companyId=${b.company.id}`,
      });
      expect(removed.statusCode, removed.body).toBe(200);

      const a = await scimCompany();
      const taken = await a.idp("POST", "/Users", scimUser(her.email));
      refused(taken, 409, scimMessages.accountNeedsConsent);
      expect(taken.json().scimType).toBe("uniqueness");
      // Not even through a roster row A's HR gives her e-mail.
      const key = await createApiKey(a.manager.as);
      const hr = await withKey(
        t.app,
        key.secret,
      )({
        method: "PUT",
        url: "/api/v1/roster/people/LIA-1",
        payload: { nome: "Lia Saiu", cpf: "52998224725", email: her.email },
      });
      expect(hr.statusCode, hr.body).toBe(201);
      refused(
        await a.idp("POST", "/Users", { ...scimUser("lia.saiu"), emails: [{ value: her.email }] }),
        409,
        scimMessages.accountNeedsConsent,
      );

      expect((await profileOf(her.userId))?.companyId).toBeNull();
      expect(await emailOf(her.userId)).toBe(her.email);
      expect(await t.db.select().from(scimUsers).where(eq(scimUsers.companyId, a.company.id))).toHaveLength(0);

      // Her own yes: A invites her, she accepts from her mailbox, and the IdP's retry finds her a member.
      const invited = await a.manager.as({
        method: "POST",
        url: "/api/team/invites",
        payload: { name: "Lia Saiu", email: her.email },
      });
      expect(invited.statusCode, invited.body).toBe(201);
      await t.deliverInvites();
      const inviteToken = t.mails
        .filter((mail) => mail.to === her.email)
        .at(-1)
        ?.text.match(/token=([\w-]+)/)?.[1];
      const accepted = await t.app.inject({
        method: "POST",
        url: "/api/invites/accept",
        headers: { origin: TEST_ORIGIN },
        payload: { token: inviteToken, password: "minha-senha-nova-1", consent: true },
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
      const linked = await a.idp("POST", "/Users", { ...scimUser("lia.saiu"), emails: [{ value: her.email }] });
      expect(linked.statusCode, linked.body).toBe(201);
      const [row] = await t.db.select().from(scimUsers).where(eq(scimUsers.id, linked.json().id));
      expect(row?.userId).toBe(her.userId);
    },
    SLOW,
  );

  it(
    "reactivation gives back only what this company ended: not after she passed through another",
    async () => {
      const a = await scimCompany();
      const created = await a.idp("POST", "/Users", scimUser(`rui@${a.domain}`));
      expect(created.statusCode, created.body).toBe(201);
      const [row] = await t.db.select().from(scimUsers).where(eq(scimUsers.id, created.json().id));
      const userId = row?.userId ?? "";
      const off = patchOf({ op: "replace", path: "active", value: false });
      const on = patchOf({ op: "replace", path: "active", value: true });
      expect((await a.idp("PATCH", `/Users/${row?.id}`, off)).statusCode).toBe(200);
      expect((await a.idp("PATCH", `/Users/${row?.id}`, on)).statusCode).toBe(200);
      expect((await profileOf(userId))?.companyId).toBe(a.company.id);

      expect((await a.idp("PATCH", `/Users/${row?.id}`, off)).statusCode).toBe(200);
      const b = await companyWithManager(t.app, t.db, { plan: "enterprise" });
      await t.db.update(profiles).set({ companyId: b.company.id }).where(eq(profiles.userId, userId));
      await t.db.update(profiles).set({ companyId: null }).where(eq(profiles.userId, userId));
      refused(await a.idp("PATCH", `/Users/${row?.id}`, on), 409, scimMessages.accessEndedElsewhere);
      expect((await profileOf(userId))?.companyId).toBeNull();
    },
    SLOW,
  );
});

describe("addresses a token may use", () => {
  it(
    "creates people only in the company's verified domains or on its roster",
    async () => {
      const a = await scimCompany();
      refused(await a.idp("POST", "/Users", scimUser("estranha@gmail.com")), 403, scimMessages.personOutsideCompany);
      refused(
        await a.idp("POST", "/Users", { schemas: [SCIM_USER], userName: "sem.email" }),
        403,
        scimMessages.personOutsideCompany,
      );
      expect(await t.db.select().from(user).where(eq(user.email, "estranha@gmail.com"))).toHaveLength(0);
      expect(await t.db.select().from(scimUsers).where(eq(scimUsers.companyId, a.company.id))).toHaveLength(0);
      // Domains match whatever the case the IdP sends.
      expect((await a.idp("POST", "/Users", scimUser(`Nova@${a.domain.toUpperCase()}`))).statusCode).toBe(201);

      // A roster person is the company's: their personal address (from HR) is theirs to sign in with.
      const key = await createApiKey(a.manager.as);
      const hr = await withKey(
        t.app,
        key.secret,
      )({
        method: "PUT",
        url: "/api/v1/roster/people/R-9",
        payload: { nome: "Rosa Cadastro", cpf: "11144477735", email_pessoal: "rosa.casa@gmail.com" },
      });
      expect(hr.statusCode, hr.body).toBe(201);
      const rosa = await a.idp("POST", "/Users", {
        ...scimUser("rosa.casa@gmail.com"),
        "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User": { employeeNumber: "R-9" },
      });
      expect(rosa.statusCode, rosa.body).toBe(201);
    },
    SLOW,
  );

  it(
    "changes a sign-in address only to one of the company's verified domains",
    async () => {
      const a = await scimCompany();
      const created = await a.idp("POST", "/Users", scimUser(`ana@${a.domain}`));
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id;
      const [row] = await t.db.select().from(scimUsers).where(eq(scimUsers.id, id));
      const userId = row?.userId ?? "";

      const patch = patchOf({ op: "replace", path: 'emails[type eq "work"].value', value: "ana@atacante.com" });
      refused(await a.idp("PATCH", `/Users/${id}`, patch), 403, scimMessages.emailOutsideDomains);
      refused(
        await a.idp("PUT", `/Users/${id}`, scimUser(`ana@${a.domain}`, { emails: [{ value: "ana@atacante.com" }] })),
        403,
        scimMessages.emailOutsideDomains,
      );
      expect(await emailOf(userId)).toBe(`ana@${a.domain}`);
      expect((await a.idp("GET", `/Users/${id}`)).json().userName).toBe(`ana@${a.domain}`);

      const moved = patchOf({
        op: "replace",
        path: "emails",
        value: [{ value: `ana.souza@${a.domain}`, primary: true }],
      });
      expect((await a.idp("PATCH", `/Users/${id}`, moved)).statusCode).toBe(200);
      expect(await emailOf(userId)).toBe(`ana.souza@${a.domain}`);
    },
    SLOW,
  );
});
