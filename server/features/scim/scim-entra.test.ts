/**
 * SCIM as Microsoft Entra ID provisions (docs/decisions/048): the requests of
 * its provisioning cycle, as its SCIM validator and documentation show them
 * (capitalised ops, "False" as a string, filtered e-mail paths, the manager
 * reference), each answer's status and body checked against RFC 7644.
 */
import { and, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  profiles,
  riskEstablishments,
  riskSectorMembers,
  scimTokens,
  session,
  user,
} from "#server/db/schema/index.ts";
import { CNPJ_SEDE } from "#tests/api/roster.ts";
import {
  asIdp,
  createScimToken,
  patchOf,
  SCIM_ENTERPRISE,
  SCIM_ERROR,
  SCIM_GROUP,
  SCIM_LIST,
  SCIM_USER,
  takeDomain,
} from "#tests/api/scim.ts";
import { companyWithManager, signedInPerson, signIn, TEST_PASSWORD } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

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

function expectScim(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  if (status === 204) {
    expect(response.body).toBe("");
    return null;
  }
  expect(response.headers["content-type"]).toMatch(/^application\/scim\+json/);
  return response.json();
}

function expectScimError(response: LightMyRequestResponse, status: number, scimType?: string) {
  const body = expectScim(response, status);
  expect(body.schemas).toEqual([SCIM_ERROR]);
  expect(body.status).toBe(String(status));
  expect(body.scimType).toBe(scimType);
  expect(typeof body.detail).toBe("string");
  return body;
}

async function entraCompany() {
  const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  await takeDomain(admin, t.db, company.id, "contoso.com.br");
  const token = await createScimToken(admin.as, company.id);
  return { company, manager, token, idp: asIdp(t.app, token.secret) };
}

const entraUser = (n: number) => ({
  schemas: [SCIM_USER, SCIM_ENTERPRISE],
  externalId: `0a21f0f2-8d2a-4f8e-bf98-7363c4aed4e${n}`,
  userName: `Test_User_${n}@contoso.com.br`,
  active: true,
  emails: [{ primary: true, type: "work", value: `Test_User_${n}@contoso.com.br` }],
  meta: { resourceType: "User" },
  name: { formatted: `Ana Teste ${n}`, familyName: `Teste ${n}`, givenName: "Ana" },
  roles: [],
  title: "Analista",
  [SCIM_ENTERPRISE]: { employeeNumber: `E${n}`, department: "Financeiro" },
});

describe("Entra ID's provisioning cycle", () => {
  it(
    'finds nobody, creates, finds by filter, patches, disables with "False", deletes',
    async () => {
      const { company, idp } = await entraCompany();
      const userName = "Test_User_1@contoso.com.br";

      const none = expectScim(
        await idp("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`),
        200,
      );
      expect(none).toEqual({ schemas: [SCIM_LIST], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

      const createdResponse = await idp("POST", "/Users", entraUser(1));
      const created = expectScim(createdResponse, 201);
      expect(createdResponse.headers.location).toBe(`${TEST_ORIGIN}/scim/v2/Users/${created.id}`);
      expect(created).toMatchObject({
        schemas: [SCIM_USER, SCIM_ENTERPRISE],
        userName,
        externalId: entraUser(1).externalId,
        active: true,
        name: { givenName: "Ana", familyName: "Teste 1", formatted: "Ana Teste 1" },
        emails: [{ value: "test_user_1@contoso.com.br", type: "work", primary: true }],
        [SCIM_ENTERPRISE]: { employeeNumber: "E1", department: "Financeiro" },
        meta: { resourceType: "User", location: createdResponse.headers.location },
      });
      expect(Date.parse(created.meta.created)).not.toBeNaN();
      expect(created.meta.version).toMatch(/^W\/"/);
      // The account exists, in the company, as a member: it shows in Equipe.
      const team = (await admin.as({ url: `/api/team?companyId=${company.id}` })).json();
      expect(team.members.map((m: { email: string }) => m.email)).toContain("test_user_1@contoso.com.br");

      // Duplicate create (Entra retries): 409 uniqueness; userName matching ignores case.
      expectScimError(
        await idp("POST", "/Users", { ...entraUser(1), userName: userName.toUpperCase() }),
        409,
        "uniqueness",
      );

      const found = expectScim(
        await idp("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName.toLowerCase()}"`)}`),
        200,
      );
      expect(found.totalResults).toBe(1);
      expect(found.Resources[0].id).toBe(created.id);
      const byExternal = expectScim(
        await idp("GET", `/Users?filter=${encodeURIComponent(`externalId eq "${entraUser(1).externalId}"`)}`),
        200,
      );
      expect(byExternal.Resources.map((r: { id: string }) => r.id)).toEqual([created.id]);

      const patched = expectScim(
        await idp(
          "PATCH",
          `/Users/${created.id}`,
          patchOf(
            { op: "Replace", path: 'emails[type eq "work"].value', value: "ana.antiga@contoso.com.br" },
            { op: "Replace", path: "name.familyName", value: "Souza" },
            { op: "Add", path: `${SCIM_ENTERPRISE}:department`, value: "Pessoas" },
            { op: "Add", path: `${SCIM_ENTERPRISE}:manager`, value: "c7a2b4a0-1111-2222-3333-444455556666" },
            { op: "Replace", path: "title", value: "Gerente" },
            { op: "Remove", path: "externalId" },
          ),
        ),
        200,
      );
      expect(patched.emails).toEqual([{ value: "ana.antiga@contoso.com.br", type: "work", primary: true }]);
      expect(patched.name.familyName).toBe("Souza");
      expect(patched[SCIM_ENTERPRISE].department).toBe("Pessoas");
      expect(patched.externalId).toBeUndefined();
      // Entra also sends a changed address as an 'Add' on the same filtered path.
      const added = expectScim(
        await idp(
          "PATCH",
          `/Users/${created.id}`,
          patchOf({ op: "Add", path: 'emails[type eq "work"].value', value: "ana.nova@contoso.com.br" }),
        ),
        200,
      );
      expect(added.emails).toEqual([{ value: "ana.nova@contoso.com.br", type: "work", primary: true }]);
      // The sign-in address follows the IdP's.
      const [account] = await t.db.select().from(user).where(eq(user.email, "ana.nova@contoso.com.br"));
      expect(account).toBeDefined();

      // Entra's no-path replace with dotted keys, and active as the string "False".
      const disabled = expectScim(
        await idp(
          "PATCH",
          `/Users/${created.id}`,
          patchOf({ op: "Replace", value: { "name.givenName": "Aninha", active: "False" } }),
        ),
        200,
      );
      expect(disabled).toMatchObject({ active: false, name: { givenName: "Aninha" } });
      const [profile] = await t.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, account?.id ?? ""));
      expect(profile?.companyId).toBeNull();

      const enabled = expectScim(
        await idp("PATCH", `/Users/${created.id}`, patchOf({ op: "Replace", path: "active", value: "True" })),
        200,
      );
      expect(enabled.active).toBe(true);
      const [back] = await t.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, account?.id ?? ""));
      expect(back?.companyId).toBe(company.id);

      expectScim(await idp("DELETE", `/Users/${created.id}`), 204);
      expectScimError(await idp("GET", `/Users/${created.id}`), 404);
      const [gone] = await t.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, account?.id ?? ""));
      expect(gone?.companyId).toBeNull();

      const actions = await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.companyId, company.id), sql`${auditLog.action} like 'scim.%'`));
      expect(new Set(actions.map((a) => a.action))).toEqual(
        new Set([
          "scim.token.create",
          "scim.user.create",
          "scim.user.update",
          "scim.user.deactivate",
          "scim.user.delete",
        ]),
      );
    },
    SLOW,
  );

  it(
    "answers bad requests in SCIM's error schema, in pt-BR",
    async () => {
      const { idp, token } = await entraCompany();
      expectScimError(await idp("GET", `/Users/5171a35d82074e068ce2`), 404);
      expectScimError(
        await idp("GET", `/Users?filter=${encodeURIComponent('userName co "ana"')}`),
        400,
        "invalidFilter",
      );
      expectScimError(await idp("GET", `/Users?filter=${encodeURIComponent('title eq "x"')}`), 400, "invalidFilter");
      expectScimError(await idp("POST", "/Users", { schemas: [SCIM_USER] }), 400, "invalidValue");
      expectScimError(await idp("POST", "/Users", { userName: "sem-schemas@contoso.com.br" }), 400, "invalidSyntax");
      expectScimError(await idp("POST", "/Users", { ...entraUser(2), active: "talvez" }), 400, "invalidValue");
      expectScimError(
        await idp("POST", "/Users", { ...entraUser(3), emails: [{ value: "não é e-mail", primary: true }] }),
        400,
        "invalidValue",
      );
      const created = expectScim(await idp("POST", "/Users", entraUser(4)), 201);
      expectScimError(await idp("PATCH", `/Users/${created.id}`, patchOf({ op: "Remove" })), 400, "noTarget");
      expectScimError(
        await idp("PATCH", `/Users/${created.id}`, patchOf({ op: "Move", path: "active" })),
        400,
        "invalidSyntax",
      );
      expectScimError(await idp("PATCH", `/Users/${created.id}`, { Operations: [] }), 400, "invalidSyntax");
      const broken = await t.app.inject({
        method: "POST",
        url: "/scim/v2/Users",
        headers: { authorization: `Bearer ${token.secret}`, "content-type": "application/scim+json" },
        payload: "{not json",
      });
      expectScimError(broken, 400, "invalidSyntax");
      const body = expectScimError(await idp("GET", "/Nada"), 404);
      expect(body.detail).toBe("Recurso SCIM não encontrado.");
    },
    SLOW,
  );

  it(
    "serves ServiceProviderConfig, ResourceTypes and Schemas",
    async () => {
      const { idp } = await entraCompany();
      const config = expectScim(await idp("GET", "/ServiceProviderConfig"), 200);
      expect(config).toMatchObject({
        schemas: ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
        patch: { supported: true },
        bulk: { supported: false },
        filter: { supported: true, maxResults: 200 },
        authenticationSchemes: [{ type: "oauthbearertoken" }],
      });
      const types = expectScim(await idp("GET", "/ResourceTypes"), 200);
      expect(types.schemas).toEqual([SCIM_LIST]);
      expect(types.Resources.map((r: { id: string; endpoint: string }) => [r.id, r.endpoint])).toEqual([
        ["User", "/Users"],
        ["Group", "/Groups"],
      ]);
      const schemas = expectScim(await idp("GET", "/Schemas"), 200);
      expect(schemas.Resources.map((s: { id: string }) => s.id)).toEqual([SCIM_USER, SCIM_ENTERPRISE, SCIM_GROUP]);
      const one = expectScim(await idp("GET", `/Schemas/${SCIM_ENTERPRISE}`), 200);
      expect(one.attributes.map((a: { name: string }) => a.name)).toEqual(["employeeNumber", "department"]);
    },
    SLOW,
  );

  it(
    "pages a list with startIndex and count",
    async () => {
      const { idp } = await entraCompany();
      for (const n of [5, 6, 7]) expectScim(await idp("POST", "/Users", entraUser(n)), 201);
      const page = expectScim(await idp("GET", "/Users?startIndex=2&count=1"), 200);
      expect(page).toMatchObject({ totalResults: 3, startIndex: 2, itemsPerPage: 1 });
      expect(page.Resources[0].userName).toBe("Test_User_6@contoso.com.br");
      const countOnly = expectScim(await idp("GET", "/Users?count=0"), 200);
      expect(countOnly).toMatchObject({ totalResults: 3, itemsPerPage: 0, Resources: [] });
      expectScimError(await idp("GET", "/Users?count=muitos"), 400, "invalidValue");
    },
    SLOW,
  );
});

describe("Entra ID's group cycle", () => {
  it(
    "creates a group as the company's sector, adds and removes members, deletes it",
    async () => {
      const { company, idp } = await entraCompany();
      await t.db
        .insert(riskEstablishments)
        .values({ companyId: company.id, cnpj: CNPJ_SEDE.replace(/\D/g, ""), name: "Sede" });
      const ana = expectScim(await idp("POST", "/Users", entraUser(8)), 201);
      const bia = expectScim(await idp("POST", "/Users", entraUser(9)), 201);

      const none = expectScim(
        await idp(
          "GET",
          `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Financeiro"')}`,
        ),
        200,
      );
      expect(none.totalResults).toBe(0);
      const groupResponse = await idp("POST", "/Groups", {
        schemas: [SCIM_GROUP],
        externalId: "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159",
        displayName: "Financeiro",
        meta: { resourceType: "Group" },
      });
      const group = expectScim(groupResponse, 201);
      expect(group).toMatchObject({
        schemas: [SCIM_GROUP],
        displayName: "Financeiro",
        members: [],
        meta: { resourceType: "Group" },
      });
      expect(groupResponse.headers.location).toBe(`${TEST_ORIGIN}/scim/v2/Groups/${group.id}`);
      expectScimError(
        await idp("POST", "/Groups", { schemas: [SCIM_GROUP], displayName: "financeiro" }),
        409,
        "uniqueness",
      );

      expectScim(
        await idp(
          "PATCH",
          `/Groups/${group.id}`,
          patchOf({ op: "Add", path: "members", value: [{ value: ana.id }, { value: bia.id }] }),
        ),
        204,
      );
      const withMembers = expectScim(await idp("GET", `/Groups/${group.id}`), 200);
      expect(withMembers.members.map((m: { value: string }) => m.value).sort()).toEqual([ana.id, bia.id].sort());
      const listed = expectScim(await idp("GET", `/Groups?excludedAttributes=members`), 200);
      expect(listed.Resources[0].members).toBeUndefined();
      const anaNow = expectScim(await idp("GET", `/Users/${ana.id}`), 200);
      expect(anaNow.groups).toEqual([
        { value: group.id, display: "Financeiro", $ref: `${TEST_ORIGIN}/scim/v2/Groups/${group.id}` },
      ]);

      // The group is a sector: its members are in it for NR-1.
      const sectorMembers = await t.db
        .select()
        .from(riskSectorMembers)
        .where(eq(riskSectorMembers.companyId, company.id));
      expect(sectorMembers).toHaveLength(2);
      expect(new Set(sectorMembers.map((m) => m.sectorId)).size).toBe(1);

      expectScim(
        await idp(
          "PATCH",
          `/Groups/${group.id}`,
          patchOf({ op: "Remove", path: "members", value: [{ value: ana.id }] }),
        ),
        204,
      );
      const after = expectScim(await idp("GET", `/Groups/${group.id}`), 200);
      expect(after.members.map((m: { value: string }) => m.value)).toEqual([bia.id]);
      expect(
        await t.db.select().from(riskSectorMembers).where(eq(riskSectorMembers.companyId, company.id)),
      ).toHaveLength(1);
      expectScimError(
        await idp(
          "PATCH",
          `/Groups/${group.id}`,
          patchOf({ op: "Add", path: "members", value: [{ value: "1b4d0e3c-0000-4000-8000-000000000000" }] }),
        ),
        400,
        "invalidValue",
      );

      expectScim(await idp("DELETE", `/Groups/${group.id}`), 204);
      expectScimError(await idp("GET", `/Groups/${group.id}`), 404);
      expect(
        await t.db.select().from(riskSectorMembers).where(eq(riskSectorMembers.companyId, company.id)),
      ).toHaveLength(0);
    },
    SLOW,
  );
});

describe("deactivation", () => {
  it(
    "ends a member's sessions at once: their next request is refused, and so is signing in",
    async () => {
      const { company, idp } = await entraCompany();
      const member = await signedInPerson(t.app, t.db, { companyId: company.id, name: "Rui Membro" });
      expect((await member.as({ url: "/api/me" })).statusCode).toBe(200);

      // The member's e-mail is their userName: the SCIM user is that account, not a new one.
      const created = expectScim(
        await idp("POST", "/Users", {
          schemas: [SCIM_USER],
          userName: member.email,
          name: { givenName: "Rui", familyName: "Membro" },
        }),
        201,
      );
      const accounts = await t.db.select().from(user).where(eq(user.email, member.email));
      expect(accounts).toHaveLength(1);

      expectScim(
        await idp("PATCH", `/Users/${created.id}`, patchOf({ op: "Replace", path: "active", value: false })),
        200,
      );
      expect(await t.db.select().from(session).where(eq(session.userId, member.userId))).toHaveLength(0);
      expect((await member.as({ url: "/api/me" })).statusCode).toBe(401);
      await expect(signIn(t.app, member.email, TEST_PASSWORD)).rejects.toThrow(/403.*ACCESS_ENDED/);
    },
    SLOW,
  );

  it(
    "by DELETE ends access the same way",
    async () => {
      const { company, idp } = await entraCompany();
      const member = await signedInPerson(t.app, t.db, { companyId: company.id });
      const created = expectScim(
        await idp("POST", "/Users", {
          schemas: [SCIM_USER],
          userName: "rui@contoso.com.br",
          emails: [{ value: member.email }],
        }),
        201,
      );
      expectScim(await idp("DELETE", `/Users/${created.id}`), 204);
      expect((await member.as({ url: "/api/me" })).statusCode).toBe(401);
    },
    SLOW,
  );
});

describe("the token", () => {
  it(
    "is the only way in: none, a cookie, a wrong or revoked token get 401",
    async () => {
      const { company, manager, token, idp } = await entraCompany();
      expectScimError(await t.app.inject({ url: "/scim/v2/Users" }), 401);
      expectScimError(await t.app.inject({ url: "/scim/v2/Users", headers: { cookie: manager.cookie } }), 401);
      expectScimError(
        await t.app.inject({ url: "/scim/v2/Users", headers: { authorization: `Bearer ${manager.token}` } }),
        401,
      );
      expectScim(await idp("GET", "/Users"), 200);
      const [row] = await t.db.select().from(scimTokens).where(eq(scimTokens.id, token.id));
      expect(row?.lastUsedAt).not.toBeNull();
      expect(JSON.stringify(row)).not.toContain(token.secret);

      const settings = (await admin.as({ url: `/api/admin/companies/${company.id}/scim` })).json();
      expect(settings.baseUrl).toBe(`${TEST_ORIGIN}/scim/v2`);
      expect(settings.tokens[0]).toMatchObject({ id: token.id, prefix: token.prefix, revokedAt: null });
      expect(JSON.stringify(settings)).not.toContain(token.secret);

      expect(
        (await admin.as({ method: "DELETE", url: `/api/admin/companies/${company.id}/scim/token` })).statusCode,
      ).toBe(200);
      expectScimError(await idp("GET", "/Users"), 401);
      expect(
        (await admin.as({ method: "DELETE", url: `/api/admin/companies/${company.id}/scim/token` })).statusCode,
      ).toBe(404);
    },
    SLOW,
  );

  it(
    "a new token replaces the company's active one",
    async () => {
      const { company, token, idp } = await entraCompany();
      const second = await createScimToken(admin.as, company.id);
      expectScimError(await idp("GET", "/Users"), 401);
      expectScim(await asIdp(t.app, second.secret)("GET", "/Users"), 200);
      const revokes = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, company.id), sql`${auditLog.action} = 'scim.token.revoke'`));
      expect(revokes.map((entry) => entry.targetId)).toEqual([token.id]);
    },
    SLOW,
  );

  it(
    "of company A sees nothing of company B",
    async () => {
      const a = await entraCompany();
      const b = await entraCompany();
      const inB = expectScim(await b.idp("POST", "/Users", entraUser(10)), 201);
      const groupB = expectScim(await b.idp("POST", "/Groups", { schemas: [SCIM_GROUP], displayName: "Só da B" }), 201);
      expectScimError(await a.idp("GET", `/Users/${inB.id}`), 404);
      expectScimError(
        await a.idp("PATCH", `/Users/${inB.id}`, patchOf({ op: "replace", value: { active: false } })),
        404,
      );
      expectScimError(await a.idp("DELETE", `/Users/${inB.id}`), 404);
      expectScimError(await a.idp("GET", `/Groups/${groupB.id}`), 404);
      expect(expectScim(await a.idp("GET", "/Users"), 200).totalResults).toBe(0);
      expect(
        expectScim(
          await a.idp("GET", `/Users?filter=${encodeURIComponent(`userName eq "${entraUser(10).userName}"`)}`),
          200,
        ).totalResults,
      ).toBe(0);
      // A group of A cannot take B's person as a member.
      const groupA = expectScim(await a.idp("POST", "/Groups", { schemas: [SCIM_GROUP], displayName: "Da A" }), 201);
      expectScimError(
        await a.idp(
          "PATCH",
          `/Groups/${groupA.id}`,
          patchOf({ op: "add", path: "members", value: [{ value: inB.id }] }),
        ),
        400,
        "invalidValue",
      );
      // The same userName may live in both companies; B's person is untouched.
      expectScim(
        await a.idp("POST", "/Users", { ...entraUser(10), emails: [], userName: entraUser(10).userName }),
        409,
      );
      expect(expectScim(await b.idp("GET", `/Users/${inB.id}`), 200).active).toBe(true);
    },
    SLOW,
  );

  it(
    "is made, listed and revoked by the platform admin only",
    async () => {
      const { company, manager } = await entraCompany();
      expect(
        (await manager.as({ method: "POST", url: `/api/admin/companies/${company.id}/scim/token` })).statusCode,
      ).toBe(403);
      expect((await manager.as({ url: `/api/admin/companies/${company.id}/scim` })).statusCode).toBe(403);
    },
    SLOW,
  );
});
