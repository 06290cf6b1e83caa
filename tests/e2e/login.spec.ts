import { expect, test } from "@playwright/test";
import { authMessages } from "#core/auth-messages.ts";
import { messages } from "#core/messages.ts";
import { people } from "./support/fixtures.ts";
import { signInThroughForm } from "./support/helpers.ts";

test("login shows the validation messages of the spec", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByText(messages.emailRequired)).toBeVisible();
  await expect(page.getByText(authMessages.passwordRequired)).toBeVisible();
  await page.getByLabel("E-mail", { exact: true }).fill("nao-e-email");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByText(messages.emailInvalid)).toBeVisible();
});

test("wrong credentials get the spec's message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(people.member.email);
  await page.getByLabel("Senha", { exact: true }).fill("senha-errada-demais");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByText(authMessages.invalidCredentials)).toBeVisible();
});

test("a member signs in, lands on the dashboard and signs out", async ({ page }) => {
  await signInThroughForm(page, people.member);
  await expect(page.getByRole("heading", { name: "Painel", level: 1 })).toBeVisible();
  await expect(page.getByText(`Olá, ${people.member.name}`)).toBeVisible();
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL("/login");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard/);
});

test("signing in from a page that asked for it goes back to that page", async ({ page }) => {
  await signInThroughForm(page, people.manager, "/team");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
