/**
 * Administração with many companies (issue 37, docs/decisions/054): the admin pages through the list,
 * finds a company by part of its name, opens its members (read only then) and finds one of them.
 */
import { expect, test } from "@playwright/test";
import { FULL_COMPANY, fullCompanyManager, people } from "./support/fixtures.ts";
import { companyCard, screenshotScreen, signInAs } from "./support/helpers.ts";

test("the admin pages the companies, searches one, opens its members and finds a member", async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, people.admin, "/admin");
  // More than a page of companies, whatever the other journeys made so far.
  const { total } = (await (await page.request.get("/api/admin/companies")).json()) as { total: number };
  const stamp = Date.now().toString(36);
  for (let i = 0; i < 21 - total; i++) {
    const created = await page.request.post("/api/admin/companies", {
      headers: { origin: new URL(page.url()).origin }, // state changes need the app's origin (docs/decisions/018)
      data: {
        name: `Paginação ${stamp} ${i}`,
        manager_name: "Gestora",
        manager_email: `pag.${stamp}.${i}@gestao.test`,
        plan: "essencial",
      },
    });
    expect(created.status()).toBe(201);
  }
  await page.reload();
  const list = page.getByRole("region", { name: /^Empresas/ });
  await expect(list.getByRole("article").first()).toBeVisible();
  // Twenty a page.
  await expect(list.getByRole("article")).toHaveCount(20);
  const pager = list.getByRole("navigation", { name: "Páginas de empresas" });
  await expect(pager).toContainText(/Página 1 de \d+/);
  await pager.getByRole("button", { name: "Próxima" }).click();
  await expect(pager).toContainText(/Página 2 de \d+/);
  await expect(page).toHaveURL(/pagina=2/);
  await pager.getByRole("button", { name: "Anterior" }).click();
  await expect(pager).toContainText(/Página 1 de \d+/);

  // Part of the name, in another case: one card, and no pager.
  const search = page.getByRole("searchbox", { name: "Buscar empresa" });
  await search.fill("empresa cheia");
  const card = companyCard(page, FULL_COMPANY.name);
  await expect(card).toBeVisible();
  await expect(list.getByRole("article")).toHaveCount(1);
  await expect(pager).toHaveCount(0);
  await expect(card).toContainText("50 de 50 em uso");
  await expect(card).toContainText("50 membros");
  await expect(card).toContainText(fullCompanyManager.name);

  // The members are not read until 'Membros' is opened; then twenty a page, by name.
  const toggle = card.getByRole("button", { name: "Membros (50)" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const read = page.waitForRequest((request) => /\/api\/admin\/companies\/[^/]+\/members/.test(request.url()));
  await toggle.focus();
  await page.keyboard.press("Enter");
  await read;
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const members = card.getByRole("region", { name: "Membros (50)" });
  await expect(members.getByRole("listitem")).toHaveCount(20);
  const memberPager = card.getByRole("navigation", { name: `Páginas de membros da ${FULL_COMPANY.name}` });
  await expect(memberPager).toContainText("Página 1 de 3");
  await memberPager.getByRole("button", { name: "Próxima" }).click();
  await expect(memberPager).toContainText("Página 2 de 3");
  await screenshotScreen(page, info, "admin-companies-members");

  const memberSearch = card.getByRole("searchbox", { name: `Buscar membro da ${FULL_COMPANY.name}` });
  await memberSearch.fill("célso");
  const found = card.getByRole("region", { name: "Membros encontrados (1)" });
  await expect(found.getByRole("listitem")).toHaveCount(1);
  await expect(found).toContainText(fullCompanyManager.email);
  await expect(card.getByRole("button", { name: `Remover ${fullCompanyManager.name}` })).toBeVisible();
  await expect(memberPager).toHaveCount(0);
  await memberSearch.fill("ninguém-com-esse-nome");
  await expect(card).toContainText("Nenhum membro encontrado para “ninguém-com-esse-nome”.");

  // A search that finds no company says so, with what was typed.
  await search.fill("Empresa Que Não Existe");
  await expect(page.getByText("Nenhuma empresa encontrada para “Empresa Que Não Existe”")).toBeVisible();
  await search.fill("Cheia");
  await expect(card).toBeVisible();
  await screenshotScreen(page, info, "admin-companies-search");
});

test("the admin moves a company to a bigger plan from its card (docs/decisions/058)", async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, people.admin, "/admin");
  const stamp = Date.now().toString(36);
  const name = `Cresce ${stamp}`;
  const created = await page.request.post("/api/admin/companies", {
    headers: { origin: new URL(page.url()).origin },
    data: { name, manager_name: "Gestora", manager_email: `cresce.${stamp}@gestao.test`, plan: "essencial" },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  await page.getByRole("searchbox", { name: "Buscar empresa" }).fill(name);
  const card = companyCard(page, name);
  await expect(card).toContainText("1 de 50 em uso");

  await card.getByRole("button", { name: "Mudar plano" }).click();
  const current = card.getByRole("radio", { name: /Essencial · 50 vagas/ });
  await expect(current).toBeChecked();
  await expect(current).toBeDisabled();
  await card.getByRole("radio", { name: /Prime · 100 vagas/ }).check();
  await screenshotScreen(page, info, "admin-plano");
  await card.getByRole("button", { name: "Mudar para Prime" }).click();
  await expect(page.getByText("Plano alterado para Prime.")).toBeVisible();
  await expect(card).toContainText("Prime · R$ 499,00/mês");
  await expect(card).toContainText("1 de 100 em uso");
  await expect(card.getByRole("button", { name: "Mudar para Prime" })).toHaveCount(0);
});
