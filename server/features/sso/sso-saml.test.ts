import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "#server/db/schema/index.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { cookiesOf, platformAdmin, rosterPerson, verifiedDomain } from "#tests/api/sso.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";
import { encode, forgedAssertion, idpMetadata, requestIdOf, signedResponseXml } from "#tests/idp/saml.ts";

const IDP = "https://idp.acme-saml.test/metadata";
let t: TestApp;
let companyId: string;
let acsUrl: string;
let entityId: string;

async function start(email = "sara@acme-saml.com.br") {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/sso/start",
    headers: { origin: TEST_ORIGIN },
    payload: { email },
  });
  expect(response.statusCode, response.body).toBe(200);
  return requestIdOf((response.json() as { url: string }).url);
}

function post(xml: string) {
  return t.app.inject({
    method: "POST",
    url: new URL(acsUrl).pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ SAMLResponse: encode(xml) }).toString(),
  });
}

const options = (inResponseTo?: string, changes: Record<string, unknown> = {}) => ({
  issuer: IDP,
  acsUrl,
  audience: entityId,
  email: "sara@acme-saml.com.br",
  inResponseTo,
  ...changes,
});

const REFUSED = "/login?erro=sso&motivo=failed";

beforeAll(async () => {
  t = await createTestApp();
  const admin = await platformAdmin(t.app, t.db);
  ({
    company: { id: companyId },
  } = await companyWithManager(t.app, t.db));
  const settings = await admin.as({ method: "GET", url: `/api/admin/companies/${companyId}/sso` });
  ({ samlAcsUrl: acsUrl, samlEntityId: entityId } = settings.json().sereno);
  const saved = await admin.as({
    method: "PUT",
    url: `/api/admin/companies/${companyId}/sso`,
    payload: {
      protocol: "saml",
      metadataXml: idpMetadata(IDP, "https://idp.acme-saml.test/sso"),
      allowPassword: true,
      createOnFirstSignIn: false,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await verifiedDomain(admin, companyId, "acme-saml.com.br");
  await rosterPerson(t.db, companyId, "sara@acme-saml.com.br", "Sara Cadastro");
});
afterAll(async () => {
  await t.close();
});

describe("Login único por SAML", () => {
  it("mostra os metadados do Sereno com o ACS", async () => {
    const response = await t.app.inject({ method: "GET", url: new URL(entityId).pathname });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(acsUrl);
    expect(response.body).toContain(`entityID="${entityId}"`);
  });

  it("leva a pessoa do cadastro ao /dashboard com a asserção assinada, uma vez só", async () => {
    const id = await start();
    // Entra ID's object id claim, in capitals as some tenants write it: kept in lower case (docs/decisions/109).
    const entraObjectId = randomUUID();
    const xml = signedResponseXml(options(id, { entraObjectId: entraObjectId.toUpperCase() }));
    const response = await post(xml);
    expect(response.headers.location).toBe("/dashboard");
    expect(cookiesOf(response)).toContain("sereno.session_token");
    expect((await post(xml)).headers.location).toBe(REFUSED);
    const [profile] = await t.db
      .select({ entraObjectId: profiles.entraObjectId })
      .from(profiles)
      .where(eq(profiles.email, "sara@acme-saml.com.br"));
    expect(profile?.entraObjectId).toBe(entraObjectId);
  });

  it("recusa uma resposta sem assinatura", async () => {
    const id = await start();
    expect((await post(signedResponseXml(options(id, { sign: false })))).headers.location).toBe(REFUSED);
  });

  it("recusa uma asserção alterada depois de assinada (outro NameID)", async () => {
    const id = await start();
    const xml = signedResponseXml(options(id)).replace(">sara@acme-saml.com.br<", ">chefe@acme-saml.com.br<");
    expect((await post(xml)).headers.location).toBe(REFUSED);
  });

  it("recusa as variantes de signature wrapping", async () => {
    const forged = (id: string) => forgedAssertion(options(id, { email: "chefe@acme-saml.com.br" }));
    const before = await start();
    const signedBefore = signedResponseXml(options(before));
    const wrappedBefore = signedBefore.replace("<saml:Assertion ", `${forged(before)}<saml:Assertion `);
    expect((await post(wrappedBefore)).headers.location).toBe(REFUSED);

    const after = await start();
    const wrappedAfter = signedResponseXml(options(after)).replace(
      "</samlp:Response>",
      `${forged(after)}</samlp:Response>`,
    );
    expect((await post(wrappedAfter)).headers.location).toBe(REFUSED);

    // The signed assertion moved into Extensions, a forged one in its place.
    const moved = await start();
    const signed = signedResponseXml(options(moved));
    const assertion = /<saml:Assertion [\s\S]*<\/saml:Assertion>/.exec(signed)?.[0] ?? "";
    const inExtensions = signed
      .replace(assertion, forged(moved))
      .replace("<samlp:Status>", `<samlp:Extensions>${assertion}</samlp:Extensions><samlp:Status>`);
    expect((await post(inExtensions)).headers.location).toBe(REFUSED);

    // …or into a ds:Object of a signature of its own.
    const inObject = await start();
    const signedObject = signedResponseXml(options(inObject));
    const assertionObject = /<saml:Assertion [\s\S]*<\/saml:Assertion>/.exec(signedObject)?.[0] ?? "";
    const wrappedObject = signedObject
      .replace(assertionObject, forged(inObject))
      .replace(
        "</samlp:Response>",
        `<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:Object>${assertionObject}</ds:Object></ds:Signature></samlp:Response>`,
      );
    expect((await post(wrappedObject)).headers.location).toBe(REFUSED);
  });

  it("recusa outra audiência, NotOnOrAfter vencido, InResponseTo desconhecido e a entrada iniciada pelo IdP", async () => {
    expect(
      (await post(signedResponseXml(options(await start(), { audience: "https://outro.sp/" })))).headers.location,
    ).toBe(REFUSED);
    expect((await post(signedResponseXml(options(await start(), { validForMinutes: -10 })))).headers.location).toBe(
      REFUSED,
    );
    expect((await post(signedResponseXml(options("_pedido-que-nunca-existiu")))).headers.location).toBe(REFUSED);
    expect((await post(signedResponseXml(options(undefined)))).headers.location).toBe(REFUSED);
  });

  it("recusa um Recipient que não é o ACS do Sereno", async () => {
    const id = await start();
    const xml = signedResponseXml(options(id, { acsUrl: "https://outro.sp/acs" }));
    expect((await post(xml)).headers.location).toBe(REFUSED);
  });

  it("recusa uma asserção assinada pela chave da empresa com outro Issuer, e uma resposta de outro emissor", async () => {
    const other = "https://idp.outro.test/metadata";
    const id = await start();
    expect((await post(signedResponseXml(options(id, { issuer: other })))).headers.location).toBe(REFUSED);
    // The assertion is the IdP's, but the (unsigned) response around it names another issuer.
    const wrapped = await start();
    const xml = signedResponseXml(options(wrapped)).replace(
      `<saml:Issuer>${IDP}</saml:Issuer>`,
      `<saml:Issuer>${other}</saml:Issuer>`,
    );
    expect(xml).toContain(`<saml:Issuer>${IDP}</saml:Issuer>`);
    expect((await post(xml)).headers.location).toBe(REFUSED);
    // The right issuer on both still signs in.
    expect((await post(signedResponseXml(options(await start())))).headers.location).toBe("/dashboard");
  });

  it("recusa um estranho com o motivo em pt-BR", async () => {
    const id = await start();
    const response = await post(signedResponseXml(options(id, { email: "estranho@acme-saml.com.br" })));
    expect(response.headers.location).toBe("/login?erro=sso&motivo=stranger");
  });
});
