import { expect, type Page, test } from "@playwright/test";
import { adminErrorMessage, adminMessages } from "#core/admin-messages.ts";
import { messages } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { FIXTURE_COMPANY, FULL_COMPANY, people } from "./support/fixtures.ts";
import { linkIn, openCompany, openMembers, signInAs, waitForMail } from "./support/helpers.ts";

/** Names no other journey uses, so runs and workers never collide. */
function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** An admin-created company through the API (the UI path has its own test). */
async function createCompany(page: Page, name: string) {
  const response = await page.request.post("/api/admin/companies", {
    headers: { origin: new URL(page.url()).origin }, // state changes need the app's origin (docs/decisions/018)
    data: {
      name,
      manager_name: "Gestora Rápida",
      manager_email: `${name.replace(/\W+/g, ".")}@gestao.test`.toLowerCase(),
      plan: "essencial",
    },
  });
  expect(response.status()).toBe(201);
}

test.describe("who may open /admin", () => {
  for (const person of [people.manager, people.member]) {
    test(`a ${person.role} sees 'Acesso Restrito' with their role and a way back`, async ({ page }) => {
      await signInAs(page, person, "/admin");
      await expect(page.getByRole("heading", { name: "Administração", level: 1 })).toBeVisible();
      const panel = page.getByRole("region", { name: adminMessages.adminOnly });
      await expect(panel).toContainText("administradores da plataforma");
      await expect(panel).toContainText(`Seu papel atual: ${person.role === "manager" ? "Gestor" : "Membro"}`);
      await expect(page.getByRole("button", { name: "Nova empresa" })).toHaveCount(0);
      await panel.getByRole("link", { name: "Voltar ao painel" }).click();
      await expect(page).toHaveURL("/dashboard");
    });
  }
});

test.describe("administration", () => {
  test("creating a company: field messages first, then it is listed with its pending manager and the invite goes out", async ({
    page,
  }) => {
    const name = unique("Clínica Horizonte");
    const managerEmail = `gestao.${Date.now()}@horizonte.test`;
    await signInAs(page, people.admin, "/admin");
    await expect(page.getByRole("heading", { name: "Administração", level: 1 })).toBeVisible();
    await openCompany(page, FIXTURE_COMPANY.name);

    const toggle = page.getByRole("button", { name: "Nova empresa" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const form = page.getByRole("form", { name: "Cadastrar nova empresa" });
    await expect(form.getByLabel("Plano")).toHaveValue("essencial");

    await form.getByRole("button", { name: "Criar empresa" }).click();
    await expect(form.getByText(adminMessages.companyNameRequired)).toBeVisible();
    await expect(form.getByText(adminMessages.managerNameRequired)).toBeVisible();
    await expect(form.getByText(messages.emailRequired)).toBeVisible();
    await expect(form.getByLabel("Nome da empresa")).toBeFocused();

    await form.getByLabel("Nome da empresa").fill(name);
    await form.getByLabel("Nome do gestor").fill("Helena Horizonte");
    await form.getByLabel("E-mail do gestor").fill("nao-e-um-email");
    await form.getByRole("button", { name: "Criar empresa" }).click();
    await expect(form.getByText(messages.emailInvalid)).toBeVisible();

    await form.getByLabel("E-mail do gestor").fill(managerEmail);
    await form.getByLabel("Plano").selectOption("prime");
    await form.getByRole("button", { name: "Criar empresa" }).click();
    await expect(page.getByText(adminMessages.companyCreated)).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();

    const card = await openCompany(page, name);
    await expect(card).toContainText("Prime · R$ 499,00/mês");
    await expect(card).toContainText("Helena Horizonte");
    await expect(card).toContainText(managerEmail);
    await expect(card.getByText("Convite pendente").first()).toBeVisible();
    await expect(card).toContainText("Membros (0)");
    await expect(card).toContainText("1 de 100 em uso");

    // Opening the form again starts from a clean slate.
    await toggle.click();
    await expect(page.getByRole("form", { name: "Cadastrar nova empresa" }).getByLabel("Nome da empresa")).toHaveValue(
      "",
    );

    const mail = await waitForMail(managerEmail);
    const link = linkIn(mail.raw, "/confirm-account#access_token=");
    expect(link).toContain("type=invite");
  });

  test("inviting a member to a company, then removing a member after confirming", async ({ page }) => {
    const company = unique("Estúdio Maré");
    const memberEmail = `mare.${Date.now()}@membros.test`;
    await signInAs(page, people.admin, "/admin");
    await createCompany(page, company);
    await page.reload();
    const card = await openCompany(page, company);
    await expect(card).toContainText("Membros (0)");

    const toggle = card.getByRole("button", { name: "Adicionar membro" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const form = card.getByRole("form", { name: `Adicionar membro em ${company}` });
    await form.getByRole("button", { name: "Enviar convite" }).click();
    await expect(form.getByText(adminMessages.memberNameRequired)).toBeVisible();
    await expect(form.getByText(messages.emailRequired)).toBeVisible();

    await form.getByLabel("Nome", { exact: true }).fill("Mateus Maré");
    await form.getByLabel("E-mail", { exact: true }).fill(memberEmail);
    await expect(form.getByLabel("Papel")).toHaveValue("user");
    await form.getByRole("button", { name: "Enviar convite" }).click();
    await expect(page.getByText(adminMessages.adminInviteSent, { exact: true })).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await openMembers(page, company);
    const pending = card.getByRole("region", { name: /Convites pendentes/ });
    await expect(pending).toContainText("Mateus Maré");
    await expect(pending).toContainText(memberEmail);

    // The person accepts the invite (the page journey is in invites.spec), and shows up as a member.
    const mail = await waitForMail(memberEmail);
    const token = new URL(linkIn(mail.raw, "/confirm-account#access_token=")).hash.match(/access_token=([^&]+)/)?.[1];
    const accepted = await page.request.post("/api/invites/accept", {
      headers: { origin: new URL(page.url()).origin }, // state changes need the app's origin (docs/decisions/018)
      data: { token, password: "mare-calma-e-serena", consent: true },
    });
    expect(accepted.status()).toBe(201);
    await page.reload();
    await openMembers(page, company);
    await expect(card).toContainText("Membros (1)");
    const remove = card.getByRole("button", { name: "Remover Mateus Maré" });

    // Cancelling keeps them.
    await remove.click();
    const dialog = page.getByRole("alertdialog", { name: adminMessages.confirmRemoveCompanyMember });
    await expect(dialog).toContainText("Mateus Maré");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();

    await remove.click();
    await dialog.getByRole("button", { name: "Remover" }).click();
    await expect(page.getByText(adminMessages.adminMemberRemoved, { exact: true })).toBeVisible();
    await expect(card).toContainText("Membros (0)");
    await expect(card.getByText(memberEmail)).toHaveCount(0);
  });

  test("deleting a company after confirming; it disappears from the list", async ({ page }) => {
    const company = unique("Padaria Aurora");
    await signInAs(page, people.admin, "/admin");
    await createCompany(page, company);
    await page.reload();
    const card = await openCompany(page, company);
    await card.getByRole("button", { name: "Apagar empresa" }).click();
    const dialog = page.getByRole("alertdialog", { name: adminMessages.confirmDeleteCompany });
    await expect(dialog).toContainText("histórico pessoal");
    await expect(dialog).toContainText("Convites pendentes são cancelados");
    await dialog.getByRole("button", { name: "Apagar empresa" }).click();
    await expect(page.getByText(adminMessages.companyRemoved, { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByText(`Nenhuma empresa encontrada para “${company}”`)).toBeVisible();
    await page.reload();
    await openCompany(page, FIXTURE_COMPANY.name);
    await expect(card).toHaveCount(0);
  });

  test("a refusal from the server is shown as 'Erro ao …: 409 Conflict. …'", async ({ page }) => {
    await signInAs(page, people.admin, "/admin");
    const card = await openCompany(page, FIXTURE_COMPANY.name);
    await card.getByRole("button", { name: "Adicionar membro" }).click();
    const form = card.getByRole("form", { name: `Adicionar membro em ${FIXTURE_COMPANY.name}` });
    await form.getByLabel("Nome", { exact: true }).fill("Marina de Novo");
    await form.getByLabel("E-mail", { exact: true }).fill(people.member.email);
    await form.getByRole("button", { name: "Enviar convite" }).click();
    await expect(form.getByRole("alert")).toHaveText(
      adminErrorMessage("adicionar membro", 409, "Conflict", serverMessages.alreadyInYourTeam),
    );
    // Still open, nothing lost, so the admin can correct the address.
    await expect(form.getByLabel("E-mail", { exact: true })).toHaveValue(people.member.email);
  });

  test("a full plan disables 'Adicionar membro' and says why", async ({ page }) => {
    await signInAs(page, people.admin, "/admin");
    const card = await openCompany(page, FULL_COMPANY.name);
    await expect(card).toContainText("50 de 50 em uso");
    await expect(card.getByRole("button", { name: "Adicionar membro" })).toBeDisabled();
    await expect(card).toContainText("Todas as vagas do plano Essencial estão em uso.");
  });

  test("an expired session says so; a failed load offers a retry with the reason", async ({ page }) => {
    await signInAs(page, people.admin, "/admin");
    await expect(page.getByRole("article").first()).toBeVisible();

    await page.route("**/api/admin/companies", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 401,
            json: { error: { code: "UNAUTHENTICATED", message: serverMessages.unauthenticated, requestId: "r" } },
          })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "Nova empresa" }).click();
    const form = page.getByRole("form", { name: "Cadastrar nova empresa" });
    await form.getByLabel("Nome da empresa").fill("Sem Sessão");
    await form.getByLabel("Nome do gestor").fill("Alguém");
    await form.getByLabel("E-mail do gestor").fill("alguem@sem-sessao.test");
    await form.getByRole("button", { name: "Criar empresa" }).click();
    await expect(form.getByRole("alert")).toHaveText(messages.sessionInvalid);
    await page.unroute("**/api/admin/companies");

    await page.route("**/api/admin/companies", (route) =>
      route.fulfill({
        status: 403,
        json: { error: { code: "FORBIDDEN", message: serverMessages.forbidden, requestId: "r" } },
      }),
    );
    await page.reload();
    await expect(page.getByText("Não foi possível carregar as empresas")).toBeVisible();
    await expect(
      page.getByText(adminErrorMessage("carregar empresas", 403, "Forbidden", serverMessages.forbidden)),
    ).toBeVisible();
    await page.unroute("**/api/admin/companies");
    await page.getByRole("button", { name: "Tentar novamente" }).click();
    await openCompany(page, FIXTURE_COMPANY.name);
  });
});
