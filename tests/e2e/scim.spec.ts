/**
 * SCIM provisioning (issue 34, docs/decisions/048): the platform admin makes
 * a company's SCIM token in Administração and copies it; the test calls
 * /scim/v2/Users with it as an identity provider would (Playwright's own
 * request context: a bearer token, no cookie); the person shows among the
 * company's members; the admin revokes the token and the next call is a 401.
 */
import { expect, type Page, test } from "@playwright/test";
import { people } from "./support/fixtures.ts";
import { openCompany, openMembers, signInAs } from "./support/helpers.ts";

// Eight full-page screenshots of Administração, on a machine shared with other suites.
test.setTimeout(240_000);

const stamp = Date.now().toString(36);
const companyName = `Contoso Brasil ${stamp}`;

async function shoot(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`scim-${name}-1280-${scheme}.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath(`scim-${name}-390-${scheme}.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("the admin makes a SCIM token, an identity provider provisions a person with it, and a revoked token is refused", async ({
  browser,
  request,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const page = await context.newPage();
  await signInAs(page, people.admin, "/admin");
  const origin = new URL(page.url()).origin;
  const created = await page.request.post("/api/admin/companies", {
    headers: { origin },
    data: { name: companyName, manager_name: "Gil Gestor", manager_email: `gil.${stamp}@sereno.test`, plan: "prime" },
  });
  expect(created.status()).toBe(201);
  // A token provisions people in the company's verified domains only (decision 056): the admin verifies it by hand.
  const companyId = ((await created.json()) as { id: string }).id;
  const domain = `contoso-${stamp}.com.br`;
  const added = await page.request.post(`/api/admin/companies/${companyId}/sso/domains`, {
    headers: { origin },
    data: { domain },
  });
  expect(added.status()).toBe(201);
  const domainId = ((await added.json()) as { domains: { id: string; domain: string }[] }).domains.find(
    (row) => row.domain === domain,
  )?.id;
  const verified = await page.request.post(`/api/admin/companies/${companyId}/sso/domains/${domainId}/verify`, {
    headers: { origin },
    data: { manual: true },
  });
  expect(verified.status()).toBe(200);
  await page.reload();

  const card = await openCompany(page, companyName);
  const section = card.getByRole("region", { name: `Provisionamento (SCIM) da ${companyName}` });
  await section.getByRole("button", { name: "Provisionamento (SCIM)" }).click();
  await expect(section.getByLabel("URL base (Tenant URL)")).toHaveValue(`${origin}/scim/v2`);
  await expect(section.getByText("Esta empresa não tem token SCIM ativo.")).toBeVisible();
  await section.getByRole("button", { name: "Gerar token" }).click();
  const secretBox = section.getByLabel("Token SCIM");
  await expect(secretBox).toHaveValue(/^sereno_scim_[A-Za-z0-9_-]{43}$/);
  await section.getByRole("button", { name: "Copiar token" }).click();
  await expect(page.getByText("Token copiado.")).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toBe(await secretBox.inputValue());
  await card.scrollIntoViewIfNeeded();
  await shoot(page, "1-created");
  await section.getByRole("button", { name: "Já copiei" }).click();
  await expect(secretBox).toHaveCount(0);
  await expect(section.getByText(secret.slice(0, 18))).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  // The identity provider: a bearer token, application/scim+json, no cookie.
  const scim = (method: "GET" | "POST", path: string, data?: unknown) =>
    request.fetch(`${baseURL}/scim/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/scim+json" },
      ...(data !== undefined && { data: JSON.stringify(data) }),
    });
  const userName = `lia.${stamp}@${domain}`;
  const provisioned = await scim("POST", "/Users", {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
    userName,
    name: { givenName: "Lia", familyName: "Provisionada" },
    emails: [{ primary: true, type: "work", value: userName }],
    active: true,
  });
  expect(provisioned.status()).toBe(201);
  expect(provisioned.headers()["content-type"]).toMatch(/^application\/scim\+json/);
  expect(await provisioned.json()).toMatchObject({ userName, active: true });

  await page.reload();
  // The members load when 'Membros' is opened (decision 054).
  await openMembers(page, companyName);
  await expect(card.getByText("Lia Provisionada")).toBeVisible();
  await expect(card.getByText(userName)).toBeVisible();
  await section.getByRole("button", { name: "Provisionamento (SCIM)" }).click();
  await expect(section.getByText(/último uso em/)).toBeVisible();

  await section.getByRole("button", { name: "Revogar token" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Revogar o token SCIM?" });
  await expect(dialog).toBeVisible();
  await shoot(page, "2-revoke");
  await dialog.getByRole("button", { name: "Revogar" }).click();
  await expect(page.getByText("Token revogado. As próximas chamadas com ele serão recusadas.")).toBeVisible();
  await expect(section.getByText("Esta empresa não tem token SCIM ativo.")).toBeVisible();

  const refused = await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({
    schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"],
    status: "401",
    detail: "Token SCIM inválido ou revogado. Gere outro em Administração, na empresa.",
  });
  await context.close();
});
