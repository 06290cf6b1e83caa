/** The platform admin's home (issue 36 item 2, docs/decisions/050): where an admin lands after signing in. */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { people } from "./support/fixtures.ts";
import { screenshotScreen } from "./support/helpers.ts";

test("an admin lands on the platform's overview, with a card for each part, each leading to its screen", async ({
  page,
}, info) => {
  test.slow(); // screenshots in two themes and two widths, and axe scans
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(people.admin.email);
  await page.getByLabel("Senha", { exact: true }).fill(people.admin.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL("/admin/inicio");
  await expect(page.getByRole("heading", { name: "Visão geral", level: 1 })).toBeVisible();
  // No member's dashboard: nothing asks the admin to check in.
  await expect(page.getByText(/check-in de hoje|Nível \d/i)).toHaveCount(0);

  const card = (name: string) => page.getByRole("region", { name, exact: true });
  await expect(card("Empresas")).toContainText(/\d+ empresas?/);
  await expect(card("Empresas")).toContainText("Mais recente:");
  await expect(card("Convites pendentes")).toContainText("aguardando aceite");
  await expect(card("Tarefas automáticas")).toContainText(/tarefas/);
  await expect(card("Psicólogos(as) a verificar")).toContainText("aguardando verificação");
  // The admin's own sign-in is among the newest entries (a journey running beside this one may log
  // its own admin actions after it, so it need not be the very first).
  const access = card("Registro de acessos");
  await expect(
    access.getByRole("listitem").filter({ hasText: "Entrada" }).filter({ hasText: people.admin.email }).first(),
  ).toBeVisible();
  expect(await access.getByRole("listitem").count()).toBeLessThanOrEqual(10);

  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await screenshotScreen(page, info, "admin-home", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await card("Psicólogos(as) a verificar").getByRole("link", { name: "Ver psicólogos(as)" }).click();
  await expect(page).toHaveURL("/admin/psychologists");
  await page.goBack();
  await card("Registro de acessos").getByRole("link", { name: "Ver registro completo" }).click();
  await expect(page).toHaveURL("/admin/auditoria");
  await page.goBack();
  await card("Empresas").getByRole("link", { name: "Ver empresas" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Administração", level: 1 })).toBeVisible();

  // The member's Painel is not the admin's: the address leads to the overview.
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/admin/inicio");
});

test("nobody else opens the overview or its figures", async ({ page }) => {
  await page.goto("/login?next=%2Fadmin%2Finicio");
  await page.getByLabel("E-mail", { exact: true }).fill(people.manager.email);
  await page.getByLabel("Senha", { exact: true }).fill(people.manager.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL("/dashboard");
  expect((await page.request.get("/api/admin/home")).status()).toBe(403);
});
