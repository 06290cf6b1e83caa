/**
 * Company single sign-on (issue 34, docs/decisions/047) in a browser: the
 * platform admin sets a company's OpenID provider (panva's oidc-provider on
 * 127.0.0.1) and verifies its e-mail domain by hand in Administração; an
 * invited person goes from /login's 'Entrar com SSO' through the provider's
 * own login form and lands signed in; a stranger of the same domain comes
 * back to /login with the refusal; then the company switches to SAML and the
 * same person signs in through a SAML IdP that posts its signed answer back.
 * Everything here is this spec's own company and domain, unique per run.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ssoMessages } from "#core/sso-messages.ts";
import { ssoUrls } from "#server/features/sso/sso-urls.ts";
import { OIDC_CLIENT, startOidcProvider, type TestOidcProvider } from "#tests/idp/oidc.ts";
import { startSamlIdp } from "#tests/idp/saml.ts";
import { E2E_PORT } from "../../playwright.config.ts";
import { people } from "./support/fixtures.ts";
import { applyTheme, openCompany, screenshotScreen, signInAs } from "./support/helpers.ts";

const APP_URL = `http://localhost:${E2E_PORT}`;
const stamp = Date.now().toString(36);
const companyName = `Acme SSO ${stamp}`;
const domain = `acme-${stamp}.com.br`;
const member = { name: "Lia Única", email: `lia@${domain}` };
const stranger = `estranho@${domain}`;

let idp: TestOidcProvider;
let companyId = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: ssoUrls(APP_URL, "").oidcRedirectUri, port: 4401 });
});
test.afterAll(async () => {
  await idp?.close();
});

/** Administração (the admin signed in) with this spec's company card and its SSO section open. */
async function openSsoSection(page: Page) {
  await page.goto("/admin");
  const card = await openCompany(page, companyName);
  const section = card.getByRole("region", { name: `Login único (SSO) da ${companyName}` });
  await section.getByRole("button", { name: "Login único (SSO)" }).click();
  return section;
}

/** /login, 'Entrar com SSO', the work e-mail, and off to the company's provider. */
async function startSso(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("button", { name: "Entrar com SSO" }).click();
  const form = page.getByRole("form", { name: "Entrar com SSO" });
  await form.getByLabel("E-mail da empresa").fill(email);
  await form.getByRole("button", { name: "Continuar com SSO" }).click();
  return { context, page };
}

/** oidc-provider's development login form: any password; the login is the e-mail. */
async function signInAtProvider(page: Page, email: string) {
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("qualquer-senha");
  await page.locator('button[type="submit"]').click();
}

test("the admin sets the company's OpenID provider and verifies its domain by hand", async ({ page }, testInfo) => {
  test.slow();
  await signInAs(page, people.admin, "/admin");
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/api/admin/companies", {
    headers: { origin },
    data: { name: companyName, manager_name: "Gil Gestor", manager_email: `gil@${domain}`, plan: "prime" },
  });
  expect(created.status()).toBe(201);
  companyId = ((await created.json()) as { id: string }).id;
  const invited = await page.request.post(`/api/admin/companies/${companyId}/members`, {
    headers: { origin },
    data: { ...member, role: "user" },
  });
  expect(invited.status()).toBe(201);

  const section = await openSsoSection(page);
  await expect(
    section.getByRole("textbox", { name: "URL de redirecionamento (redirect URI)", exact: true }),
  ).toHaveValue(`${APP_URL}/api/sso/oidc/callback`);
  await section.getByRole("radio", { name: "OpenID Connect (OIDC)" }).check();
  await section.getByLabel("URL do emissor (issuer)").fill(idp.issuer);
  await section.getByLabel("ID do cliente (client id)").fill(OIDC_CLIENT.id);
  await section.getByLabel("Segredo do cliente (client secret)").fill(OIDC_CLIENT.secret);
  await section.getByRole("button", { name: "Salvar login único" }).click();
  await expect(page.getByText(ssoMessages.saved)).toBeVisible();
  await expect(section.getByText("Guardado cifrado. Deixe em branco para manter o atual.")).toBeVisible();
  await expect(section.getByRole("button", { name: "Remover login único" })).toBeVisible();

  await section.getByLabel("Novo domínio").fill(domain);
  await section.getByRole("button", { name: "Adicionar domínio" }).click();
  await expect(section.getByText("Aguardando verificação")).toBeVisible();
  await expect(section.getByRole("textbox", { name: `Registro TXT em ${domain}`, exact: true })).toHaveValue(
    /^sereno-verificacao=/,
  );
  await section.getByRole("button", { name: "Verificar à mão" }).click();
  await expect(page.getByText(`${domain} verificado.`)).toBeVisible();
  await expect(section.getByText(/Verificado à mão em/)).toBeVisible();

  // The whole of Administração is metres long: the section itself, at both widths and in both themes.
  for (const theme of ["light", "dark"] as const) {
    await applyTheme(page, theme === "dark");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await section.screenshot({ path: testInfo.outputPath(`sso-admin-${width}-${theme}.png`) });
    }
  }
  await applyTheme(page, false);
});

test("an invited person signs in through the company's OpenID provider", async ({ browser }, testInfo) => {
  test.slow();
  const { context, page } = await startSso(browser, member.email);
  await signInAtProvider(page, member.email);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByText(`Olá, ${member.name}`)).toBeVisible();
  // Signed in through the provider, the account has no password: Configurações offers none to change.
  await page.goto("/settings");
  await expect(page.getByText("Sua conta não tem senha: você entra pelo login único da sua empresa")).toBeVisible();
  await expect(page.getByRole("button", { name: "Alterar senha" })).toHaveCount(0);
  await context.close();

  // /login's SSO step, for the screenshots.
  const shot = await browser.newPage();
  await shot.goto("/login");
  await shot.getByRole("button", { name: "Entrar com SSO" }).click();
  await shot.getByLabel("E-mail da empresa").fill(member.email);
  await screenshotScreen(shot, testInfo, "sso-login");
  await shot.close();
});

test("a stranger of the domain comes back to /login with the reason", async ({ browser }) => {
  test.slow();
  const { context, page } = await startSso(browser, stranger);
  await signInAtProvider(page, stranger);
  await expect(page).toHaveURL(/\/login\?erro=sso&motivo=stranger$/, { timeout: 30_000 });
  await expect(page.getByText(ssoMessages.stranger, { exact: true })).toBeVisible();
  await context.close();
});

test("after the switch to SAML the same person signs in through the SAML IdP", async ({ page, browser }) => {
  test.slow();
  const urls = ssoUrls(APP_URL, companyId);
  const samlIdp = await startSamlIdp({ port: 4402, acsUrl: urls.samlAcsUrl, audience: urls.samlEntityId });
  try {
    await signInAs(page, people.admin, "/admin");
    const section = await openSsoSection(page);
    await section.getByRole("radio", { name: "SAML 2.0" }).check();
    await expect(
      section.getByRole("textbox", { name: "URL do ACS (Assertion Consumer Service)", exact: true }),
    ).toHaveValue(urls.samlAcsUrl);
    await section.getByLabel("XML de metadados do IdP").fill(samlIdp.metadata);
    await section.getByRole("button", { name: "Salvar login único" }).click();
    await expect(page.getByText(ssoMessages.saved)).toBeVisible();
    await expect(section.getByText(`Em uso: ${samlIdp.entityId}`)).toBeVisible();

    const { context, page: person } = await startSso(browser, member.email);
    await expect(person).toHaveURL(new RegExp(`^${samlIdp.ssoUrl}\\?SAMLRequest=`));
    await person.getByLabel("E-mail").fill(member.email);
    await person.getByRole("button", { name: "Entrar no IdP" }).click();
    await expect(person).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(person.getByText(`Olá, ${member.name}`)).toBeVisible();
    await context.close();
  } finally {
    await samlIdp.close();
  }
});
