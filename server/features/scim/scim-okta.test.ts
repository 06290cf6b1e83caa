/**
 * SCIM as Okta provisions (docs/decisions/048): its filter-then-create, PUT
 * for profile changes, `{"op":"replace","value":{"active":false}}` to
 * deactivate, and its group pushes (rename by a no-path replace carrying
 * the id, members removed by `members[value eq "…"]`). Also: a SCIM user
 * whose matrícula or e-mail the roster has is that roster person.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpfFrom } from "#core/cpf.ts";
import {
  companies,
  invites,
  profiles,
  riskSectorMembers,
  rosterPeople,
  scimUsers,
  session,
  user,
} from "#server/db/schema/index.ts";
import { createApiKey, withKey } from "#tests/api/hr-api.ts";
import { CNPJ_SEDE } from "#tests/api/roster.ts";
import {
  asIdp,
  createScimToken,
  patchOf,
  SCIM_ENTERPRISE,
  SCIM_GROUP,
  SCIM_USER,
  takeDomain,
} from "#tests/api/scim.ts";
import { companyWithManager, fillSeats, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

/** Each test replays a whole provisioning sequence: on a machine shared with other suites it takes a while. */
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

function ok(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  if (status === 204) return null;
  expect(response.headers["content-type"]).toMatch(/^application\/scim\+json/);
  return response.json();
}

async function oktaCompany() {
  const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  await takeDomain(admin, t.db, company.id, "okta-cliente.com.br");
  const token = await createScimToken(admin.as, company.id);
  return { company, manager, idp: asIdp(t.app, token.secret) };
}

const oktaUser = (login: string, extra: Record<string, unknown> = {}) => ({
  schemas: [SCIM_USER],
  userName: login,
  name: { givenName: "Carla", familyName: "Okta" },
  emails: [{ primary: true, value: login, type: "work" }],
  displayName: "Carla Okta",
  locale: "pt-BR",
  externalId: "00u1a2b3c4d5e6f7g8h9",
  groups: [],
  password: "nunca-guardada-1",
  active: true,
  ...extra,
});

describe("Okta's provisioning cycle", () => {
  it(
    "filters, creates, reads, replaces by PUT, deactivates with a no-path replace, reactivates",
    async () => {
      const { company, idp } = await oktaCompany();
      const login = "carla@okta-cliente.com.br";
      const filter = `/Users?filter=${encodeURIComponent(`userName eq "${login}"`)}&startIndex=1&count=100`;
      expect(ok(await idp("GET", filter), 200).totalResults).toBe(0);
      const created = ok(await idp("POST", "/Users", oktaUser(login)), 201);
      expect(created).toMatchObject({ userName: login, active: true, displayName: "Carla Okta" });
      expect(JSON.stringify(created)).not.toContain("nunca-guardada");
      const [account] = await t.db.select().from(user).where(eq(user.email, login));
      expect(account?.name).toBe("Carla Okta");
      expect(ok(await idp("GET", `/Users/${created.id}`), 200).id).toBe(created.id);

      const replaced = ok(
        await idp("PUT", `/Users/${created.id}`, {
          ...oktaUser(login),
          id: created.id,
          displayName: "Carla Okta Silva",
          name: { givenName: "Carla", familyName: "Okta Silva" },
          [SCIM_ENTERPRISE]: { employeeNumber: "OK-7" },
        }),
        200,
      );
      expect(replaced).toMatchObject({
        displayName: "Carla Okta Silva",
        [SCIM_ENTERPRISE]: { employeeNumber: "OK-7" },
      });
      const [profile] = await t.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, account?.id ?? ""));
      expect(profile?.name).toBe("Carla Okta Silva");

      const off = ok(
        await idp("PATCH", `/Users/${created.id}`, patchOf({ op: "replace", value: { active: false } })),
        200,
      );
      expect(off.active).toBe(false);
      const [detached] = await t.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, account?.id ?? ""));
      expect(detached?.companyId).toBeNull();
      const on = ok(await idp("PUT", `/Users/${created.id}`, { ...oktaUser(login), active: true }), 200);
      expect(on.active).toBe(true);
      const [attached] = await t.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, account?.id ?? ""));
      expect(attached?.companyId).toBe(company.id);
      // PUT replaces: what the body leaves out is gone.
      expect(on[SCIM_ENTERPRISE]).toBeUndefined();
    },
    SLOW,
  );

  it(
    "pushes a group: create, rename with a no-path replace, add, remove by value filter, replace, delete",
    async () => {
      const { idp } = await oktaCompany();
      const one = ok(await idp("POST", "/Users", oktaUser("um@okta-cliente.com.br")), 201);
      const two = ok(await idp("POST", "/Users", oktaUser("dois@okta-cliente.com.br", { externalId: "00u2" })), 201);
      const group = ok(
        await idp("POST", "/Groups", {
          schemas: [SCIM_GROUP],
          displayName: "Vendas",
          members: [{ value: one.id, display: "um" }],
        }),
        201,
      );
      expect(group.members.map((m: { value: string }) => m.value)).toEqual([one.id]);
      // Okta's sector without an establishment: kept as a group, no sector made.
      ok(
        await idp(
          "PATCH",
          `/Groups/${group.id}`,
          patchOf({ op: "replace", value: { id: group.id, displayName: "Vendas Sul" } }),
        ),
        204,
      );
      ok(
        await idp(
          "PATCH",
          `/Groups/${group.id}`,
          patchOf({ op: "add", path: "members", value: [{ value: two.id, display: "dois" }] }),
        ),
        204,
      );
      ok(
        await idp("PATCH", `/Groups/${group.id}`, patchOf({ op: "remove", path: `members[value eq "${one.id}"]` })),
        204,
      );
      let read = ok(await idp("GET", `/Groups/${group.id}`), 200);
      expect(read.displayName).toBe("Vendas Sul");
      expect(read.members.map((m: { value: string }) => m.value)).toEqual([two.id]);
      ok(
        await idp(
          "PATCH",
          `/Groups/${group.id}`,
          patchOf({ op: "replace", path: "members", value: [{ value: one.id }] }),
        ),
        204,
      );
      read = ok(await idp("GET", `/Groups/${group.id}`), 200);
      expect(read.members.map((m: { value: string }) => m.value)).toEqual([one.id]);
      const put = ok(
        await idp("PUT", `/Groups/${group.id}`, { schemas: [SCIM_GROUP], displayName: "Vendas", members: [] }),
        200,
      );
      expect(put).toMatchObject({ displayName: "Vendas", members: [] });
      expect(
        ok(await idp("GET", `/Groups?filter=${encodeURIComponent('displayName eq "vendas"')}`), 200).totalResults,
      ).toBe(1);
      ok(await idp("DELETE", `/Groups/${group.id}`), 204);
      expect(ok(await idp("GET", "/Groups"), 200).totalResults).toBe(0);
    },
    SLOW,
  );
});

describe("a SCIM user the roster already has", () => {
  const cpf = (n: number) => cpfFrom(String(400_000_000 + n * 13));

  async function rosterCompany() {
    const setup = await oktaCompany();
    const key = await createApiKey(setup.manager.as);
    const hr = withKey(t.app, key.secret);
    const put = async (matricula: string, body: Record<string, string>) => {
      const response = await hr({ method: "PUT", url: `/api/v1/roster/people/${matricula}`, payload: body });
      expect(response.statusCode, response.body).toBe(201);
    };
    return { ...setup, put };
  }
  const peopleOf = (companyId: string) => t.db.select().from(rosterPeople).where(eq(rosterPeople.companyId, companyId));

  it(
    "is the same person when the matrícula matches: one roster row, its account, its sector",
    async () => {
      const { company, idp, put } = await rosterCompany();
      await put("M-100", {
        nome: "Dora Roster",
        cpf: cpf(1),
        email: "dora@empresa.com.br",
        estabelecimento: CNPJ_SEDE,
        setor: "Loja",
      });
      const [invite] = await t.db.select().from(invites).where(eq(invites.email, "dora@empresa.com.br"));
      expect(invite).toBeDefined();

      const created = ok(
        await idp("POST", "/Users", {
          schemas: [SCIM_USER, SCIM_ENTERPRISE],
          userName: "dora.r@empresa.onmicrosoft.com",
          name: { givenName: "Dora", familyName: "Roster" },
          [SCIM_ENTERPRISE]: { employeeNumber: "M-100" },
        }),
        201,
      );
      const people = await peopleOf(company.id);
      expect(people).toHaveLength(1);
      const [scim] = await t.db.select().from(scimUsers).where(eq(scimUsers.id, created.id));
      expect(scim?.rosterPersonId).toBe(people[0]?.id);
      expect(people[0]?.userId).toBe(scim?.userId);
      // Her pending invitation is answered by the account SCIM made; the roster's e-mail is her sign-in address.
      expect(
        await t.db
          .select()
          .from(invites)
          .where(and(eq(invites.email, "dora@empresa.com.br"), isNull(invites.acceptedAt))),
      ).toHaveLength(0);
      const [account] = await t.db
        .select()
        .from(user)
        .where(eq(user.id, scim?.userId ?? ""));
      expect(account?.email).toBe("dora@empresa.com.br");
      const [sector] = await t.db
        .select()
        .from(riskSectorMembers)
        .where(eq(riskSectorMembers.userId, scim?.userId ?? ""));
      expect(sector?.sectorId).toBe(people[0]?.sectorId);

      // A second SCIM user naming the same matrícula is refused, not merged twice.
      const again = await idp("POST", "/Users", {
        schemas: [SCIM_USER, SCIM_ENTERPRISE],
        userName: "outra@empresa.com.br",
        [SCIM_ENTERPRISE]: { employeeNumber: "M-100" },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().scimType).toBe("uniqueness");

      // Deactivation makes her leave the roster as a full file would; reactivation brings the same row back.
      ok(await idp("PATCH", `/Users/${created.id}`, patchOf({ op: "Replace", path: "active", value: "False" })), 200);
      const [left] = await peopleOf(company.id);
      expect(left?.leftAt).not.toBeNull();
      ok(await idp("PATCH", `/Users/${created.id}`, patchOf({ op: "Replace", path: "active", value: "True" })), 200);
      const back = await peopleOf(company.id);
      expect(back).toHaveLength(1);
      expect(back[0]?.leftAt).toBeNull();
      expect(back[0]?.userId).toBe(scim?.userId);
    },
    SLOW,
  );

  it(
    "is the same person when the e-mail matches, and the IdP's name and matrícula reach the roster",
    async () => {
      const { company, idp, put } = await rosterCompany();
      await put("M-200", { nome: "Eva Antiga", cpf: cpf(2), email: "eva@empresa.com.br" });
      const created = ok(
        await idp("POST", "/Users", {
          schemas: [SCIM_USER, SCIM_ENTERPRISE],
          userName: "EVA@empresa.com.br",
          displayName: "Eva Nova",
          [SCIM_ENTERPRISE]: { employeeNumber: "M-201" },
        }),
        201,
      );
      const people = await peopleOf(company.id);
      expect(people).toHaveLength(1);
      expect(people[0]).toMatchObject({ name: "Eva Nova", matricula: "M-201", email: "eva@empresa.com.br" });
      expect(created.userName).toBe("EVA@empresa.com.br");
    },
    SLOW,
  );

  it(
    "without any e-mail gets the internal address, as /ativar does",
    async () => {
      const { company, idp, put } = await rosterCompany();
      await put("M-300", { nome: "Fabi Sem Email", cpf: cpf(3) });
      const created = ok(
        await idp("POST", "/Users", {
          schemas: [SCIM_USER, SCIM_ENTERPRISE],
          userName: "fabi.300",
          [SCIM_ENTERPRISE]: { employeeNumber: "M-300" },
        }),
        201,
      );
      const [scim] = await t.db.select().from(scimUsers).where(eq(scimUsers.id, created.id));
      const [account] = await t.db
        .select()
        .from(user)
        .where(eq(user.id, scim?.userId ?? ""));
      expect(account?.email).toBe(`${scim?.userId}@sem-email.sereno.invalid`);
      expect(await peopleOf(company.id)).toHaveLength(1);
    },
    SLOW,
  );

  it(
    "a member's session ends when the IdP deletes them",
    async () => {
      const { company, idp } = await oktaCompany();
      const member = await signedInPerson(t.app, t.db, { companyId: company.id });
      const created = ok(await idp("POST", "/Users", oktaUser(member.email)), 201);
      ok(await idp("DELETE", `/Users/${created.id}`), 204);
      expect(await t.db.select().from(session).where(eq(session.userId, member.userId))).toHaveLength(0);
      expect((await member.as({ url: "/api/check-ins?month=2026-11" })).statusCode).toBe(401);
    },
    SLOW,
  );

  it(
    "takes a seat: a full plan refuses a new person",
    async () => {
      const { company, idp } = await oktaCompany();
      await t.db.update(companies).set({ plan: "essencial" }).where(eq(companies.id, company.id));
      await fillSeats(t.db, company.id, 49);
      const refused = await idp("POST", "/Users", oktaUser("cheio@okta-cliente.com.br"));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(/vagas do plano/);
    },
    SLOW,
  );
});
