/** Registro de acessos (/admin/auditoria): an admin finds what was done, filters and pages; a manager cannot. */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { adminMessages } from "#core/admin-messages.ts";
import { auditMessages } from "#core/audit-labels.ts";
import { people } from "./support/fixtures.ts";
import { clickMenuEntry, signInAs } from "./support/helpers.ts";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test("an admin creates a company, then finds it in the Registro de acessos, filters and pages", async ({ page }) => {
  const name = unique("Auditoria Clara");
  await signInAs(page, people.admin, "/admin");
  await page.getByRole("button", { name: "Nova empresa" }).click();
  const form = page.getByRole("form", { name: "Cadastrar nova empresa" });
  await form.getByLabel("Nome da empresa").fill(name);
  await form.getByLabel("Nome do gestor").fill("Clara Auditada");
  await form.getByLabel("E-mail do gestor").fill(`clara.${Date.now()}@auditoria.test`);
  await form.getByLabel("Plano").selectOption("prime");
  await form.getByRole("button", { name: "Criar empresa" }).click();
  await expect(page.getByText(adminMessages.companyCreated)).toBeVisible();

  // Enough rows for two pages of 'Empresa criada'.
  for (let i = 0; i < 20; i++) {
    const response = await page.request.post("/api/admin/companies", {
      headers: { origin: new URL(page.url()).origin }, // state changes need the app's origin (docs/decisions/018)
      data: {
        name: unique(`Lote ${i}`),
        manager_name: "Gestora Lote",
        manager_email: `lote.${i}.${Date.now()}@auditoria.test`,
        plan: "essencial",
      },
    });
    expect(response.status()).toBe(201);
  }

  await clickMenuEntry(page, "Registro de acessos", "Plataforma");
  await expect(page).toHaveURL("/admin/auditoria");
  await expect(page.getByRole("heading", { name: "Registro de acessos", level: 1 })).toBeVisible();

  const filters = page.getByRole("form", { name: "Filtros do registro" });
  await filters.getByLabel("Ação").selectOption({ label: "Empresa criada" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/action=company\.create/);
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(21); // header + 20
  await expect(table.getByText("Empresa criada")).toHaveCount(20);
  // Other tests create companies too: the page count lies between what the API says before and after.
  const created = async () =>
    (await (await page.request.get("/api/admin/audit?action=company.create")).json()).total as number;
  const pager = page.getByRole("navigation", { name: "Paginação" });
  const pagesBefore = Math.ceil((await created()) / 20);
  await expect(pager).toContainText(/Página 1 de \d+/);
  const pages = Number((await pager.textContent())?.match(/Página 1 de (\d+)/)?.[1]);
  expect(pages).toBeGreaterThanOrEqual(Math.max(pagesBefore, 2));
  expect(pages).toBeLessThanOrEqual(Math.ceil((await created()) / 20));
  await pager.getByRole("button", { name: "Próxima" }).click();
  await expect(pager).toContainText(`Página 2 de ${pages}`);
  await expect(page).toHaveURL(/page=2/);
  await pager.getByRole("button", { name: "Anterior" }).click();
  await expect(pager).toContainText(`Página 1 de ${pages}`);

  // One company: its single row, with who, when and the plan.
  await filters.getByLabel("Empresa").selectOption({ label: name });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("1 registro", { exact: true })).toBeVisible();
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText(people.admin.email);
  await expect(row).toContainText("Plano: Prime");
  await expect(row.getByRole("cell").first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

  // A reversed period is explained, not sent.
  await filters.getByLabel("De", { exact: true }).fill("10/12/2026");
  await filters.getByLabel("Até", { exact: true }).fill("01/12/2026");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(filters.getByText(auditMessages.rangeInvalid)).toBeVisible();

  // Nothing matches: the empty state says what to do.
  await filters.getByRole("button", { name: "Limpar" }).click();
  await filters.getByLabel("E-mail de quem fez").fill("ninguem-fez-isso");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Nenhum registro encontrado")).toBeVisible();

  // A hand-edited URL: the reason, and a way out.
  await page.goto("/admin/auditoria?from=2026-12-10&to=2026-12-01");
  await expect(page.getByText(auditMessages.rangeInvalid).first()).toBeVisible();
  const everything = async () => (await (await page.request.get("/api/admin/audit")).json()).total as number;
  const totalBefore = await everything();
  await page.getByRole("button", { name: "Limpar filtros" }).click();
  await expect(page).toHaveURL("/admin/auditoria");
  const counter = page.getByText(/^[\d.]+ registros$/);
  await expect(counter).toBeVisible();
  // Every read is audited, so the log grows while we look: the count shown lies between the API's before and after.
  const shown = Number((await counter.textContent())?.replace(/\D/g, ""));
  expect(shown).toBeGreaterThanOrEqual(totalBefore);
  expect(shown).toBeLessThanOrEqual(await everything());
});

test("a manager is refused, on the screen and by the API", async ({ page }) => {
  await signInAs(page, people.manager, "/admin/auditoria");
  await expect(page.getByRole("region", { name: adminMessages.adminOnly })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Menu lateral" }).getByRole("link", { name: "Registro de acessos" }),
  ).toHaveCount(0);
  expect((await page.request.get("/api/admin/audit")).status()).toBe(403);
});

for (const theme of ["light", "dark"] as const) {
  test(`axe finds nothing serious on /admin/auditoria, at 1280 and 390 px (${theme} theme)`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem("sereno-theme", value), theme);
    await signInAs(page, people.admin, "/admin/auditoria");
    // At least one row, so the table (or the cards) are checked too.
    await page.request.post("/api/admin/companies", {
      headers: { origin: new URL(page.url()).origin }, // state changes need the app's origin (docs/decisions/018)
      data: {
        name: unique("Axe"),
        manager_name: "Gestora Axe",
        manager_email: `axe.${Date.now()}@auditoria.test`,
        plan: "essencial",
      },
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/admin/auditoria");
      await expect(page.getByText(/^\d+ registros?$/)).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => ({
          width,
          rule: violation.id,
          targets: violation.nodes.map((node) => node.target.join(" ")),
        }));
      expect(serious).toEqual([]);
      const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(scrollsSideways).toBe(false);
    }
  });
}
