import { expect, test } from "@playwright/test";
import { authMessages } from "#core/auth-messages.ts";
import { people } from "./support/fixtures.ts";
import { countMails, linkIn, signInAs, waitForMail } from "./support/helpers.ts";

test("a person recovers their password through the e-mail link and signs in with the new one", async ({ page }) => {
  const person = people.recovery;
  const before = await countMails(person.email);
  await page.goto("/login");
  await page.getByRole("button", { name: "Esqueceu sua senha?" }).click();
  const panel = page.getByRole("region", { name: "Recuperar senha" });
  await panel.getByLabel("E-mail da conta").fill("nao-e-email");
  await panel.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByText(authMessages.recoveryEmailInvalid)).toBeVisible();

  await panel.getByLabel("E-mail da conta").fill(person.email);
  await panel.getByRole("button", { name: "Enviar link" }).click();
  const confirmation = page.getByText(authMessages.recoverySent);
  await expect(confirmation).toBeVisible();
  await expect(confirmation).toBeHidden({ timeout: 8_000 }); // closes itself after 3 s

  const mail = await waitForMail(person.email, before);
  expect(mail.raw).toContain("Crie uma nova senha no Sereno");
  const link = linkIn(mail.raw, "/api/auth/reset-password/");
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole("heading", { name: "Criar nova senha" })).toBeVisible();

  await page.getByLabel("Nova senha", { exact: true }).fill("recomeco-tranquilo-7");
  await page.getByLabel("Confirme a nova senha").fill("recomeco-tranquilo-8");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText(authMessages.passwordsDontMatch)).toBeVisible();

  await page.getByLabel("Confirme a nova senha").fill("recomeco-tranquilo-7");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByRole("heading", { name: "Senha redefinida" })).toBeVisible();
  await expect(page).toHaveURL("/login", { timeout: 8_000 });

  await signInAs(page, { ...person, password: "recomeco-tranquilo-7" });

  // The link is single-use.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Link inválido" })).toBeVisible();
  await expect(page.getByText(authMessages.resetTokenInvalid)).toBeVisible();
});
