/**
 * Recovery codes (docs/decisions/055): a person makes a passkey and a recovery
 * code in Configurações, loses the phone (the virtual authenticator is
 * removed and a new one added), and at /recuperar makes a new passkey with
 * the code. The old keys and the other sessions are gone, the used code is
 * replaced by a new one, and neither the used nor the replaced code works
 * again. Opened as http://localhost: WebAuthn refuses IP origins.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { people } from "./support/fixtures.ts";
import { addVirtualAuthenticator, SHOWN_RECOVERY_CODE, signInAs } from "./support/helpers.ts";

test.setTimeout(120_000);

/** The code a reveal shows, read from the screen as the person would copy it. */
async function shownCode(page: Page, revealTitle: string): Promise<string> {
  const code = page.getByRole("region", { name: revealTitle }).getByText(SHOWN_RECOVERY_CODE);
  await expect(code).toBeVisible();
  return (await code.textContent()) ?? "";
}

test("a person who lost the phone makes a new passkey with the recovery code; used and replaced codes stop working", async ({
  page,
  browser,
}) => {
  const person = people.recoverer;
  const phone = await addVirtualAuthenticator(page);
  await signInAs(page, person, "/settings");
  const keys = page.getByRole("region", { name: "Chaves de acesso" });
  await keys.getByRole("button", { name: "Criar chave de acesso" }).click();
  await expect(keys.getByText(passkeyMessages.created)).toBeVisible();

  // The first code, copied to the clipboard.
  const block = keys.getByRole("region", { name: "Código de recuperação" });
  await expect(block.getByText("Você ainda não tem um código de recuperação.")).toBeVisible();
  await block.getByRole("button", { name: "Criar código de recuperação" }).click();
  await expect(block.getByRole("heading", { name: "Guarde seu código" })).toBeFocused();
  const replaced = await shownCode(page, "Guarde seu código");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await block.getByRole("button", { name: "Copiar código" }).click();
  await expect(page.getByText(passkeyMessages.recoveryCodeCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(replaced);
  await block.getByRole("button", { name: "Já guardei meu código" }).click();
  await expect(block.getByText(/^Criado em \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();

  // A new code, after a confirmation: the first stops working.
  await block.getByRole("button", { name: "Criar novo código" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Criar um novo código?" });
  await confirm.getByRole("button", { name: "Criar novo código" }).click();
  await expect(block.getByText(passkeyMessages.recoveryCodeCreated)).toBeVisible();
  const code = await shownCode(page, "Guarde seu novo código");
  expect(code).not.toBe(replaced);
  await block.getByRole("button", { name: "Já guardei meu código" }).click();
  await expect(block.getByRole("button", { name: "Criar novo código" })).toBeFocused();

  // Another browser still signed in, as the lost phone may be.
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const lostContext = await browser.newContext({ baseURL, locale, timezoneId, serviceWorkers: "block" });
  const lost = await lostContext.newPage();
  await signInAs(lost, person, "/settings");

  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login/);
  // The phone is lost: its authenticator goes, a new phone's comes.
  await phone.cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: phone.authenticatorId });
  const newPhone = await addVirtualAuthenticator(page);

  await page.getByRole("link", { name: "Perdeu sua chave de acesso?" }).click();
  await expect(page).toHaveURL("/recuperar");
  const field = page.getByLabel("Código de recuperação");
  // The replaced code, sent with Enter: not found, told on the field, which keeps the focus.
  await field.fill(replaced);
  await field.press("Enter");
  await expect(page.getByText(passkeyMessages.recoveryNoMatch)).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();

  // Typed loosely: lower case, spaces for hyphens.
  await field.fill(code.toLowerCase().replaceAll("-", " "));
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "Olá, Raquel! Crie sua nova chave de acesso" })).toBeVisible();
  await page.getByRole("button", { name: "Criar nova chave de acesso" }).click();
  await expect(page.getByText(passkeyMessages.recovered)).toBeVisible();
  const next = await shownCode(page, "Guarde seu novo código de recuperação");
  expect([code, replaced]).not.toContain(next);
  const { credentials } = await newPhone.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: newPhone.authenticatorId,
  });
  expect(credentials).toHaveLength(1);
  await page.getByRole("button", { name: "Já guardei meu código" }).click();
  await expect(page).toHaveURL("/dashboard");

  // Only the new key is left, and the other browser was signed out.
  await page.goto("/settings");
  await expect(keys.getByRole("list", { name: "Chaves de acesso" }).getByRole("listitem")).toHaveCount(1);
  await expect(block.getByText(/^Criado em \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
  await lost.goto("/settings");
  await expect(lost).toHaveURL(/\/login/);
  await lostContext.close();

  // The used code is spent; the new key signs in.
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/recuperar");
  await field.fill(code);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText(passkeyMessages.recoveryNoMatch)).toBeVisible();
  await page.getByRole("link", { name: "Entrar", exact: true }).click();
  await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
  await expect(page).toHaveURL("/dashboard");
});

test("/recuperar checks the code's form before asking the server, and axe finds nothing serious (390 px, both themes)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ["light", "dark"] as const) {
    await page.addInitScript((value) => localStorage.setItem("sereno-theme", value), theme);
    await page.goto("/recuperar");
    await expect(page.getByRole("heading", { name: "Recuperar seu acesso", level: 1 })).toBeVisible();
    await page.getByLabel("Código de recuperação").fill("ABCD-EFGH");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText(passkeyMessages.recoveryCodeInvalid)).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => violation.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
