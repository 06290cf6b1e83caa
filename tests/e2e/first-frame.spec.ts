/**
 * A signed-in page's first frame (web/first-frame.tsx, docs/decisions/021):
 * the server draws the person's shell, and on /dashboard the welcome, into
 * the HTML, so the page shows them before the app's scripts have run. The
 * app's framework script is held back here: what shows while it is held can
 * only come from the server. Released, the app draws the same screen in its
 * place and the frame is gone.
 */
import { expect, type Page, test } from "@playwright/test";
import { managerGreeting } from "#web/components/dashboard-start.tsx";
import { type FixturePerson, people } from "./support/fixtures.ts";
import { clickMenuEntry, signInAs } from "./support/helpers.ts";

/** Opens `path` as `person` with the app's framework script held; the returned function lets it through. */
async function openHoldingTheApp(page: Page, person: FixturePerson, path: string): Promise<() => void> {
  await signInAs(page, person);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/framework-*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
  return release;
}

test("the manager's dashboard shows its shell and welcome before the app runs, then the app takes over", async ({
  page,
}) => {
  const release = await openHoldingTheApp(page, people.manager, "/dashboard");
  const frame = page.locator("sereno-frame");
  await expect(frame.getByText("Que bom te ver por aqui, Gustavo!")).toBeVisible();
  await expect(frame.getByText(managerGreeting)).toBeVisible();
  await expect(frame.getByText("Olá, Gustavo Gestor")).toBeVisible();
  // The app's spinner waits behind it, and it is a picture: assistive technology and clicks pass it by.
  await expect(page.getByText("Carregando...")).toBeHidden();
  await expect(page.getByRole("heading", { name: "Painel" })).toHaveCount(0);
  await expect(frame).toHaveAttribute("inert", "");

  release();
  await expect(page.getByRole("group", { name: "Total de membros" })).toBeVisible({ timeout: 15_000 });
  await expect(frame).toHaveCount(0);
  await expect(page.getByText(managerGreeting)).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Painel" })).toBeVisible();
  await clickMenuEntry(page, "Relatórios", "Empresa");
  await expect(page).toHaveURL("/reports");
  await expect(page.getByRole("heading", { name: "Relatórios" })).toBeVisible();
});

test("a member's welcome in the frame is the one the app then draws, whether or not today's check-in is done", async ({
  page,
}) => {
  const release = await openHoldingTheApp(page, people.member, "/dashboard");
  const framed = page.locator("sereno-frame").getByText(/^(Um minuto para você|Seu check-in de hoje)/);
  await expect(framed).toBeVisible();
  const greeting = await framed.textContent();
  release();
  await expect(page.getByRole("heading", { name: "Check-in de hoje" })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator("sereno-frame")).toHaveCount(0);
  await expect(page.getByText(greeting ?? "", { exact: true })).toBeVisible();
});

test("another screen's frame is the member's shell with the spinner, and a visitor gets none", async ({ page }) => {
  const release = await openHoldingTheApp(page, people.member, "/check-ins");
  const frame = page.locator("sereno-frame");
  await expect(frame.getByText("Check-ins diários")).toBeVisible();
  await expect(frame.getByText("Carregando...")).toBeVisible();
  // A member's menu: no team screens.
  await expect(frame.getByText("Relatórios")).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { name: "Check-ins diários" })).toBeVisible({ timeout: 15_000 });
  await expect(frame).toHaveCount(0);

  await page.context().clearCookies();
  await page.goto("/dashboard", { waitUntil: "commit" });
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard/);
  await expect(frame).toHaveCount(0);
});

test("a crash while the app draws the shell shows 'Algo deu errado', not a frozen frame", async ({ page }) => {
  await signInAs(page, people.member);
  // The server draws the frame from the real session; the app then gets a person it cannot draw.
  await page.route("**/api/me", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), name: null } });
  });
  await page.goto("/check-ins");
  await expect(page.getByRole("heading", { name: "Algo deu errado" })).toBeVisible();
  await expect(page.locator("sereno-frame")).toHaveCount(0);
});
