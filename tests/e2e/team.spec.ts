import { expect, test } from "@playwright/test";
import { authMessages } from "#core/auth-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { teamMessages } from "#core/team-messages.ts";
import { fullCompanyManager, people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test("a manager sees the plan, the members, and removes one after confirming", async ({ page }) => {
  await signInAs(page, people.manager);
  await page.goto("/team");
  const banner = page.getByRole("region", { name: "Plano da empresa" });
  await expect(banner).toContainText("Plano Essencial");
  await expect(banner).toContainText("R$ 299,00/mês");
  // Seats used are as the server counts them now (other journeys change the team).
  const team = await (await page.request.get("/api/team")).json();
  await expect(banner).toContainText(`${team.company.used} de 50 membros`);
  // What each plan allows, and whom a manager asks for another (docs/decisions/058).
  await expect(banner).toContainText("Prime: até 100 membros");
  await expect(banner.getByRole("link", { name: "suporte@sereno.com.br" })).toHaveAttribute(
    "href",
    /^mailto:suporte@sereno\.com\.br\?subject=Mudan/,
  );

  const members = page.getByRole("list", { name: "Membros da equipe" });
  const ownRow = members.getByRole("listitem").filter({ hasText: "(você)" });
  await expect(ownRow).toContainText("Gestor");
  await expect(ownRow.getByRole("button")).toHaveCount(0);

  await members.getByRole("button", { name: `Remover ${people.leaver.name}` }).click();
  const dialog = page.getByRole("alertdialog", { name: teamMessages.confirmRemoveMember });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Remover" }).click();
  await expect(page.getByText(serverMessages.memberRemoved)).toBeVisible();
  await expect(members.getByText(people.leaver.email)).toHaveCount(0);

  // Removed, they cannot sign in again, and are told why (docs/decisions/009).
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(people.leaver.email);
  await page.getByLabel("Senha", { exact: true }).fill(people.leaver.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByText(authMessages.accessEnded)).toBeVisible();
  await expect(page).toHaveURL("/login");
});

test("the add button is disabled when the plan is full", async ({ page }) => {
  await signInAs(page, fullCompanyManager);
  await page.goto("/team");
  await expect(page.getByRole("region", { name: "Plano da empresa" })).toContainText("50 de 50 membros");
  await expect(page.getByRole("button", { name: "Adicionar membro" })).toBeDisabled();
  await expect(page.getByText("O plano atingiu o limite de membros.")).toBeVisible();
});

test("the add-member form checks its fields before inviting", async ({ page }) => {
  await signInAs(page, people.manager);
  await page.goto("/team");
  await page.getByRole("button", { name: "Adicionar membro" }).click();
  await page.getByRole("button", { name: "Enviar convite", exact: true }).click();
  await expect(page.getByText(teamMessages.fillAllFields).first()).toBeVisible();
  await page.getByRole("textbox", { name: "Nome", exact: true }).fill("Mesma Pessoa");
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(people.member.email);
  await page.getByRole("button", { name: "Enviar convite", exact: true }).click();
  await expect(page.getByText(serverMessages.alreadyInYourTeam)).toBeVisible();
});

test("an admin picks the company first", async ({ page }) => {
  await signInAs(page, people.admin);
  await page.goto("/team");
  await page.getByLabel("Empresa", { exact: true }).selectOption({ label: "Empresa Demo" });
  await expect(page.getByRole("region", { name: "Plano da empresa" })).toContainText("Plano Prime");
  await expect(page.getByRole("region", { name: "Plano da empresa" })).toContainText("13 de 100 membros");
});
