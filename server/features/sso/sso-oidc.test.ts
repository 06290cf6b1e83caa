import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { planDetails } from "#core/plans.ts";
import { ssoMessages, ssoRefusalMessage } from "#core/sso-messages.ts";
import { auditLog, companies, invites, profiles, rosterPeople, ssoConnections, user } from "#server/db/schema/index.ts";
import { isActive } from "#server/features/auth/rate-limit.ts";
import { trustedDeviceKey } from "#server/features/auth/sign-in-device.ts";
import { seatsUsed } from "#server/features/invites/invites.ts";
import { companyWithManager, createPerson, TEST_PASSWORD } from "#tests/api/sessions.ts";
import { cookiesOf, platformAdmin, rosterPerson, verifiedDomain } from "#tests/api/sso.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";
import {
  entraObjectIdFor,
  OIDC_CLIENT,
  signInAtOidcProvider,
  startOidcProvider,
  type TestOidcProvider,
} from "#tests/idp/oidc.ts";

const REDIRECT_URI = `${TEST_ORIGIN}/api/sso/oidc/callback`;
/** The DNS as the tests publish it: domain → TXT records (each in chunks, as resolveTxt gives them). */
const dns = vi.hoisted(() => new Map<string, string[][]>());
vi.mock("node:dns/promises", async (original) => ({
  ...(await original<typeof import("node:dns/promises")>()),
  resolveTxt: async (domain: string) => {
    const records = dns.get(domain);
    if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${domain}`), { code: "ENOTFOUND" });
    return records;
  },
}));
let t: TestApp;
let idp: TestOidcProvider;
let admin: Awaited<ReturnType<typeof platformAdmin>>;
let companyId: string;

async function configure(changes: Record<string, unknown> = {}) {
  return admin.as({
    method: "PUT",
    url: `/api/admin/companies/${companyId}/sso`,
    payload: {
      protocol: "oidc",
      issuer: idp.issuer,
      clientId: OIDC_CLIENT.id,
      clientSecret: OIDC_CLIENT.secret,
      allowPassword: true,
      createOnFirstSignIn: false,
      ...changes,
    },
  });
}

/** /login's start for this e-mail: the provider's address and the state cookie. */
async function start(email: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/sso/start",
    headers: { origin: TEST_ORIGIN },
    payload: { email },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { url: (response.json() as { url: string }).url, cookie: cookiesOf(response) };
}

async function callback(url: URL, cookie: string) {
  return t.app.inject({ method: "GET", url: `${url.pathname}${url.search}`, headers: { cookie } });
}

/** The whole journey: start, the provider's login form, the callback. */
async function signInThroughProvider(email: string, login = email) {
  const started = await start(email);
  const back = await signInAtOidcProvider(started.url, login);
  return callback(back, started.cookie);
}

beforeAll(async () => {
  t = await createTestApp();
  idp = await startOidcProvider({ redirectUri: REDIRECT_URI });
  admin = await platformAdmin(t.app, t.db);
  ({
    company: { id: companyId },
  } = await companyWithManager(t.app, t.db));
  const configured = await configure();
  expect(configured.statusCode, configured.body).toBe(200);
  await verifiedDomain(admin, companyId, "acme-oidc.com.br");
});
afterAll(async () => {
  await idp.close();
  await t.close();
});

describe("Login único por OIDC: a configuração", () => {
  it("guarda o segredo cifrado, nunca o devolve e registra a mudança sem ele", async () => {
    const [row] = await t.db.select().from(ssoConnections).where(eq(ssoConnections.companyId, companyId));
    expect(row?.oidcClientSecret).toMatch(/^v1\./);
    expect(row?.oidcClientSecret).not.toContain(OIDC_CLIENT.secret);
    const settings = await admin.as({ method: "GET", url: `/api/admin/companies/${companyId}/sso` });
    expect(settings.body).not.toContain(OIDC_CLIENT.secret);
    expect(settings.json()).toMatchObject({
      connection: { protocol: "oidc", issuer: idp.issuer, clientId: OIDC_CLIENT.id, hasClientSecret: true },
      sereno: { oidcRedirectUri: REDIRECT_URI },
    });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "sso.configure"), eq(auditLog.companyId, companyId)));
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain(OIDC_CLIENT.secret);
    expect(entries[0]?.details).toMatchObject({ protocol: "oidc", secretChanged: true });
  });

  it("mantém o segredo guardado quando a edição o deixa em branco", async () => {
    const [before] = await t.db.select().from(ssoConnections).where(eq(ssoConnections.companyId, companyId));
    expect((await configure({ clientSecret: "" })).statusCode).toBe(200);
    const [after] = await t.db.select().from(ssoConnections).where(eq(ssoConnections.companyId, companyId));
    expect(after?.oidcClientSecret).toBe(before?.oidcClientSecret);
  });

  it("recusa um emissor sem descoberta, e quem não é administrador da plataforma", async () => {
    const broken = await configure({ issuer: "http://127.0.0.1:1/nada" });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(ssoMessages.issuerUnreachable);
    const { company, manager } = await companyWithManager(t.app, t.db);
    const asManager = await manager.as({ method: "GET", url: `/api/admin/companies/${company.id}/sso` });
    expect(asManager.statusCode).toBe(403);
  });

  it("verifica pelo DNS um domínio cujo TXT traz o valor (mesmo partido em pedaços), e registra a verificação", async () => {
    const added = await admin.as({
      method: "POST",
      url: `/api/admin/companies/${companyId}/sso/domains`,
      payload: { domain: "com-registro.com.br" },
    });
    expect(added.statusCode).toBe(201);
    type Domain = { id: string; domain: string; txtValue: string; verifiedAt: string | null };
    const domain = (added.json() as { domains: Domain[] }).domains.find((d) => d.domain === "com-registro.com.br");
    const value = domain?.txtValue ?? "";
    dns.set("com-registro.com.br", [["v=spf1 -all"], [value.slice(0, 20), value.slice(20)]]);
    const check = await admin.as({
      method: "POST",
      url: `/api/admin/companies/${companyId}/sso/domains/${domain?.id}/verify`,
      payload: {},
    });
    expect(check.statusCode, check.body).toBe(200);
    const verified = (check.json() as { domains: Domain[] }).domains.find((d) => d.id === domain?.id);
    expect(verified?.verifiedAt).not.toBeNull();
    const entries = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, "sso.domain.verify")));
    expect(entries.map((entry) => entry.details)).toContainEqual({ domain: "com-registro.com.br", by: "dns" });
  });

  it("não verifica pelo DNS um domínio sem o registro TXT; um domínio é de uma empresa só", async () => {
    const added = await admin.as({
      method: "POST",
      url: `/api/admin/companies/${companyId}/sso/domains`,
      payload: { domain: "sem-registro.invalid" },
    });
    expect(added.statusCode).toBe(201);
    const domain = (added.json() as { domains: Array<{ id: string; domain: string; txtValue: string }> }).domains.find(
      (d) => d.domain === "sem-registro.invalid",
    );
    expect(domain?.txtValue).toMatch(/^sereno-verificacao=[0-9a-f]{32}$/);
    const check = await admin.as({
      method: "POST",
      url: `/api/admin/companies/${companyId}/sso/domains/${domain?.id}/verify`,
      payload: {},
    });
    expect(check.statusCode).toBe(409);
    expect(check.json().error.message).toBe(ssoMessages.domainNotVerified);
    const { company: other } = await companyWithManager(t.app, t.db);
    const taken = await admin.as({
      method: "POST",
      url: `/api/admin/companies/${other.id}/sso/domains`,
      payload: { domain: "ACME-OIDC.com.br" },
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe("Login único por OIDC: a entrada", () => {
  it("leva uma pessoa do cadastro ao /dashboard, com a conta criada e a entrada no Registro de acessos", async () => {
    await rosterPerson(t.db, companyId, "rita@acme-oidc.com.br", "Rita Cadastro");
    const response = await signInThroughProvider("rita@acme-oidc.com.br");
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/dashboard");
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: cookiesOf(response) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: "rita@acme-oidc.com.br", name: "Rita Cadastro", role: "user" });
    const [account] = await t.db
      .select({ userId: user.id, companyId: profiles.companyId, consent: profiles.wellbeingConsentAt })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.email, "rita@acme-oidc.com.br"));
    expect(account).toMatchObject({ companyId, consent: null });
    const [person] = await t.db
      .select({ userId: rosterPeople.userId })
      .from(rosterPeople)
      .where(eq(rosterPeople.email, "rita@acme-oidc.com.br"));
    expect(person?.userId).toBe(account?.userId);
    const [signInEvent] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "auth.sign-in"), eq(auditLog.actorEmail, "rita@acme-oidc.com.br")));
    expect(signInEvent?.details).toMatchObject({ method: "sso" });
    // O navegador fica conhecido para a conta, como numa entrada por senha (docs/decisions/062, 102).
    const device = /sereno\.device=([\w-]+)/.exec(cookiesOf(response))?.[1] ?? "";
    expect(device).not.toBe("");
    expect(await isActive(t.db, trustedDeviceKey("rita@acme-oidc.com.br", device))).toBe(true);
  });

  it("deixa entrar quem já é membro e quem foi convidado (com o papel do convite)", async () => {
    await createPerson(t.db, { companyId, email: "membro@acme-oidc.com.br" });
    expect((await signInThroughProvider("membro@acme-oidc.com.br")).headers.location).toBe("/dashboard");
    await t.db.insert(invites).values({
      email: "convidada@acme-oidc.com.br",
      name: "Convidada",
      companyId,
      role: "manager",
      kind: "team",
      inviterName: "Gestora",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect((await signInThroughProvider("convidada@acme-oidc.com.br")).headers.location).toBe("/dashboard");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, "convidada@acme-oidc.com.br"));
    // A provider that names no Entra object id leaves none.
    expect(profile).toMatchObject({ role: "manager", companyId, entraObjectId: null });
  });

  it("recusa um estranho com a mensagem em pt-BR, e o aceita como membro quando a empresa cria contas na primeira entrada", async () => {
    const refused = await signInThroughProvider("estranho@acme-oidc.com.br");
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe("/login?erro=sso&motivo=stranger");
    expect(await t.db.select().from(user).where(eq(user.email, "estranho@acme-oidc.com.br"))).toHaveLength(0);

    expect((await configure({ clientSecret: "", createOnFirstSignIn: true })).statusCode).toBe(200);
    const joined = await signInThroughProvider("estranho@acme-oidc.com.br");
    expect(joined.headers.location).toBe("/dashboard");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, "estranho@acme-oidc.com.br"));
    expect(profile).toMatchObject({ role: "user", companyId, wellbeingConsentAt: null });
    expect((await configure({ clientSecret: "", createOnFirstSignIn: false })).statusCode).toBe(200);
  });

  it("não cria ninguém na primeira entrada quando as vagas do plano acabaram", async () => {
    expect((await configure({ clientSecret: "", createOnFirstSignIn: true })).statusCode).toBe(200);
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    const free = planDetails[company?.plan ?? "essencial"].memberLimit - (await seatsUsed(t.db, companyId));
    // The company's remaining seats held by pending invitations, so the next stranger finds none.
    await t.db.insert(invites).values(
      Array.from({ length: free }, (_, n) => ({
        companyId,
        email: `vaga-${n}@acme-oidc.com.br`,
        name: `Vaga ${n}`,
        role: "user" as const,
        tokenHash: `vaga-${n}-${companyId}`,
        kind: "team" as const,
        inviterName: "Gestora",
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const refused = await signInThroughProvider("sem-vaga@acme-oidc.com.br");
    expect(refused.headers.location).toBe("/login?erro=sso&motivo=seats-full");
    expect(ssoRefusalMessage("seats-full")).toBe(ssoMessages.seatsFull);
    expect(await t.db.select().from(user).where(eq(user.email, "sem-vaga@acme-oidc.com.br"))).toHaveLength(0);
    // An invited person still gets in: the invitation held the seat.
    expect((await signInThroughProvider("vaga-0@acme-oidc.com.br")).headers.location).toBe("/dashboard");
    await t.db.delete(invites).where(like(invites.email, "vaga-%"));
    expect((await configure({ clientSecret: "", createOnFirstSignIn: false })).statusCode).toBe(200);
  });

  it("lê o e-mail do preferred_username do Entra ID quando o ID token não traz email", async () => {
    await rosterPerson(t.db, companyId, "rosa@acme-oidc.com.br", "Rosa Cadastro");
    const response = await signInThroughProvider("rosa@acme-oidc.com.br", "entra:rosa@acme-oidc.com.br");
    expect(response.headers.location).toBe("/dashboard");
    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: cookiesOf(response) } });
    expect(me.json()).toMatchObject({ email: "rosa@acme-oidc.com.br", name: "Rosa Cadastro" });
    // Entra's object id is kept, for binding this person's own Teams chat only (docs/decisions/109).
    const [profile] = await t.db
      .select({ entraObjectId: profiles.entraObjectId })
      .from(profiles)
      .where(eq(profiles.email, "rosa@acme-oidc.com.br"));
    expect(profile?.entraObjectId).toBe(entraObjectIdFor("rosa@acme-oidc.com.br"));
    // preferred_username outside the company's verified domains is still refused.
    const outside = await signInThroughProvider("rosa@acme-oidc.com.br", "entra:rosa@outro-dominio.com.br");
    expect(outside.headers.location).toBe("/login?erro=sso&motivo=wrong-domain");
  });

  it("recusa um e-mail que o provedor diz ser de um domínio que não é da empresa", async () => {
    const started = await start("rita@acme-oidc.com.br");
    const back = await signInAtOidcProvider(started.url, "rita@outro-dominio.com.br");
    expect((await callback(back, started.cookie)).headers.location).toBe("/login?erro=sso&motivo=wrong-domain");
  });

  it("recusa um state que não é o deste navegador, e o mesmo state usado duas vezes", async () => {
    const started = await start("rita@acme-oidc.com.br");
    const back = await signInAtOidcProvider(started.url, "rita@acme-oidc.com.br");
    const otherBrowser = await callback(back, "sereno.sso_state=outro-state");
    expect(otherBrowser.headers.location).toBe("/login?erro=sso&motivo=expired");
    const forged = new URL(back);
    forged.searchParams.set("state", "state-forjado");
    expect((await callback(forged, "sereno.sso_state=state-forjado")).headers.location).toBe(
      "/login?erro=sso&motivo=expired",
    );
    expect((await callback(back, started.cookie)).headers.location).toBe("/dashboard");
    expect((await callback(back, started.cookie)).headers.location).toBe("/login?erro=sso&motivo=expired");
  });

  it("recusa um ID token com outro nonce", async () => {
    const started = await start("rita@acme-oidc.com.br");
    const tampered = new URL(started.url);
    tampered.searchParams.set("nonce", "nonce-de-outra-pessoa");
    const back = await signInAtOidcProvider(tampered.href, "rita@acme-oidc.com.br");
    const response = await callback(back, started.cookie);
    expect(response.headers.location).toBe("/login?erro=sso&motivo=failed");
    expect(cookiesOf(response)).not.toContain("sereno.session_token");
  });

  it("manda o provedor exigir PKCE (S256), state e nonce", async () => {
    const url = new URL((await start("rita@acme-oidc.com.br")).url);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
  });

  it("responde 404 em pt-BR para um e-mail sem login único", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/sso/start",
      headers: { origin: TEST_ORIGIN },
      payload: { email: "alguem@sem-sso.com.br" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(ssoMessages.noConnection);
  });
});

describe("Login único: a senha desligada", () => {
  it("recusa no servidor a senha de quem é da empresa, apontando o SSO; a senha volta quando a empresa permite", async () => {
    await createPerson(t.db, { companyId, email: "senha@acme-oidc.com.br" });
    const signIn = () =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
        payload: { email: "senha@acme-oidc.com.br", password: TEST_PASSWORD },
      });
    expect((await configure({ clientSecret: "", allowPassword: false })).statusCode).toBe(200);
    const refused = await signIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: "SSO_REQUIRED", message: ssoMessages.passwordOff });
    expect((await configure({ clientSecret: "", allowPassword: true })).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
  });
});
