import { expect, test } from "@playwright/test";
import { authMessages } from "#core/auth-messages.ts";
import { messages } from "#core/messages.ts";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test.describe("route protection", () => {
  test("a visitor is sent to /login and comes back to where they were going", async ({ page }) => {
    await page.goto("/check-ins");
    await expect(page).toHaveURL("/login?next=%2Fcheck-ins");
    await page.getByLabel("E-mail", { exact: true }).fill(people.member.email);
    await page.getByLabel("Senha", { exact: true }).fill(people.member.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL("/check-ins");
    await expect(page.getByRole("heading", { name: "Check-ins diários", level: 1 })).toBeVisible();
  });

  test("a member is sent from team screens to the dashboard; signed in, / and /login lead there too", async ({
    page,
  }) => {
    await signInAs(page, people.member);
    for (const path of ["/reports", "/team", "/appointments", "/", "/login"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/dashboard");
    }
  });

  test("an unknown path answers 404 with 'Página não encontrada' and a way home (and to the dashboard when signed in)", async ({
    page,
  }) => {
    const response = await page.goto("/um-lugar-que-nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL("/um-lugar-que-nao-existe");
    await expect(page.getByRole("heading", { name: "Página não encontrada", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ir para o painel" })).toHaveCount(0);
    await page.getByRole("link", { name: "Ir para o início" }).click();
    await expect(page).toHaveURL("/");

    await signInAs(page, people.member);
    await page.goto("/dashbord");
    await page.getByRole("link", { name: "Ir para o painel" }).click();
    await expect(page).toHaveURL("/dashboard");
  });

  test("'Carregando...' while the session loads, then the auth error panel with a retry", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/me", async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "x", requestId: "r" } } });
    });
    await page.goto("/dashboard");
    await expect(page.getByText("Carregando...")).toBeVisible();
    release();
    await expect(page.getByText(messages.authError)).toBeVisible({ timeout: 15_000 });
    await page.unroute("**/api/me");
    await page.getByRole("button", { name: "Tentar novamente" }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard/);
  });
});

test.describe("sign-in errors", () => {
  test("network failure and unexpected failures get the spec's messages", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("E-mail", { exact: true }).fill(people.member.email);
    await page.getByLabel("Senha", { exact: true }).fill(people.member.password);
    await page.route("**/api/auth/sign-in/email", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText(messages.networkError)).toBeVisible();
    await page.unroute("**/api/auth/sign-in/email");
    await page.route("**/api/auth/sign-in/email", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "x", requestId: "r" } } }),
    );
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText(authMessages.loginFailed)).toBeVisible();
  });

  test("'Entrar com o Google' explains when Google is not configured", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Entrar com o Google" }).click();
    await expect(page.getByText(authMessages.googleNotConfigured)).toBeVisible();
    await expect(page).toHaveURL("/login");
  });
});

test.describe("the signed-in shell", () => {
  test("side menu shows the member's entries, name and role", async ({ page }) => {
    await signInAs(page, people.member);
    const menu = page.getByRole("navigation", { name: "Menu lateral" });
    for (const label of ["Painel", "Check-ins", "Exercícios", "Recompensas", "Configurações", "Ajuda"]) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    for (const label of ["Administração", "Equipe", "Relatórios", "Consultas", "Riscos psicossociais"]) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole("complementary").getByText("Membro", { exact: true })).toBeVisible();
  });

  test("a manager and an admin see their own entries, grouped", async ({ page }) => {
    await signInAs(page, people.manager);
    const menu = page.getByRole("navigation", { name: "Menu lateral" });
    await expect(menu.getByRole("link", { name: "Equipe", exact: true })).toBeVisible();
    await menu.getByRole("button", { name: "Empresa", exact: true }).click();
    for (const label of ["Consultas", "Relatórios", "Riscos psicossociais"]) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("button", { name: "Plataforma", exact: true })).toHaveCount(0);
    await expect(page.getByRole("complementary").getByText("Gestor", { exact: true })).toBeVisible();
    await page.getByRole("complementary").getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL("/login");

    await signInAs(page, people.admin);
    await expect(menu.getByRole("link", { name: "Visão geral", exact: true })).toBeVisible();
    await menu.getByRole("button", { name: "Plataforma", exact: true }).click();
    for (const label of ["Empresas", "Gerenciar exercícios", "Psicólogos(as)", "Registro de acessos"]) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Equipe", exact: true })).toBeVisible();
  });

  test("the theme survives a reload, and follows the person to a new browser", async ({ page, browser }) => {
    await signInAs(page, people.nightOwl);
    const html = page.locator("html");
    const startsDark = (await html.getAttribute("class"))?.includes("dark") ?? false;
    await page.getByRole("button", { name: startsDark ? "Usar tema claro" : "Usar tema escuro" }).click();
    const wanted = startsDark ? "light" : "dark";
    await expect(html).toHaveClass(wanted === "dark" ? /dark/ : /^(?!.*dark).*$/);
    await page.reload();
    await expect(html).toHaveClass(wanted === "dark" ? /dark/ : /^(?!.*dark).*$/);

    const other = await browser.newContext({ colorScheme: wanted === "dark" ? "light" : "dark" });
    const second = await other.newPage();
    await signInAs(second, people.nightOwl);
    await expect(second.locator("html")).toHaveClass(wanted === "dark" ? /dark/ : /^(?!.*dark).*$/);
    await other.close();
  });

  test("on a phone the menu is a drawer", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, people.member);
    await expect(page.getByRole("navigation", { name: "Menu lateral" })).toBeHidden();
    await page.getByRole("navigation", { name: "Menu inferior" }).getByRole("button", { name: "Mais" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText(people.member.name)).toBeVisible();
    await drawer.getByRole("link", { name: "Recompensas", exact: true }).click();
    await expect(page).toHaveURL("/rewards");
    await expect(drawer).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
