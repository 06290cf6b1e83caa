/**
 * The menus (issue 36 item 1, docs/decisions/050): on a computer every role's side menu fits
 * 1280×800 with Sair and the crisis line in view and at most 9 entries at its top; on a phone a
 * bottom bar with the role's most used places and 'Mais' for the drawer with the rest.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { type FixturePerson, people } from "./support/fixtures.ts";
import { screenshotScreen, signInAs } from "./support/helpers.ts";

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target) }));
}

const roles: [string, FixturePerson][] = [
  ["member", people.member],
  ["manager", people.manager],
  ["admin", people.admin],
];

for (const [name, person] of roles) {
  test(`at 1280×800 the ${name} sees Sair, the crisis line and at most 9 entries without scrolling`, async ({
    page,
  }, info) => {
    test.slow(); // four screenshots and two axe scans
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, person);
    const menu = page.getByRole("navigation", { name: "Menu lateral" });
    const entries = menu.locator(":scope > ul").first().locator(":scope > li");
    // Sair, at the foot, is the ninth place.
    expect((await entries.count()) + 1).toBeLessThanOrEqual(9);
    await expect(menu.getByRole("button", { name: "Sair" })).toBeInViewport({ ratio: 1 });
    await expect(menu.getByRole("link", { name: /Precisa de ajuda agora\?/ })).toBeInViewport({ ratio: 1 });
    for (const label of ["Configurações", "Ajuda"]) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toBeInViewport({ ratio: 1 });
    }
    expect(await axeViolations(page)).toEqual([]);
    await screenshotScreen(page, info, `menu-${name}`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Every group opens from the keyboard; Sair stays in view with all of them open.
    const groups = menu.getByRole("button", { expanded: false });
    for (let left = await groups.count(); left > 0; left--) {
      await groups.first().focus();
      await page.keyboard.press("Enter");
    }
    await expect(menu.getByRole("button", { name: "Sair" })).toBeInViewport({ ratio: 1 });
    await expect(menu.getByRole("link", { name: /Precisa de ajuda agora\?/ })).toBeInViewport({ ratio: 1 });
    // Every entry in pt-BR (issue 36, item 7): no 'Dashboard', 'Settings' or the like left in English.
    await expect(menu).not.toContainText(/\b(Dashboard|Settings|Reports|Team|Help|Logout|Sign out|Home)\b/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath(`menu-${name}-open-1280.png`) });
  });
}

test("a group's entry opens from the keyboard, and the group stays open on its screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, people.manager);
  // playwright.config.ts asks for reduced motion here: the page must hear it (older runners dropped the option).
  expect(await page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches)).toBe(true);
  const menu = page.getByRole("navigation", { name: "Menu lateral" });
  const company = menu.getByRole("button", { name: "Empresa", exact: true });
  await expect(company).toHaveAttribute("aria-expanded", "false");
  await expect(menu.getByRole("link", { name: "Relatórios", exact: true })).toHaveCount(0);
  await company.focus();
  await page.keyboard.press("Enter");
  await expect(company).toHaveAttribute("aria-expanded", "true");
  // The next Tab reaches the group's first entry.
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Relatórios", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/reports/);
  await expect(page.getByRole("heading", { name: "Relatórios", level: 1 })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Relatórios", exact: true })).toHaveAttribute("aria-current", "page");

  // Arriving at a grouped screen by its address opens its group.
  await page.goto("/risks");
  await expect(menu.getByRole("link", { name: "Riscos psicossociais", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("navigation", { name: "Menu inferior" })).toBeHidden();
});

test("on a phone the bottom bar goes places, and 'Mais' opens the rest in a drawer that Escape closes", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, people.member);
  const bar = page.getByRole("navigation", { name: "Menu inferior" });
  await expect(bar).toBeVisible();
  await expect(bar).toBeInViewport({ ratio: 1 });
  const box = await bar.boundingBox();
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
  await expect(bar.getByRole("link")).toHaveText(["Painel", "Check-ins", "Exercícios", "Apoio"]);
  // Toasts and the page's end sit above it.
  expect(
    await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--bottom-ui-height")),
  ).toBe("3.5rem");

  await bar.getByRole("link", { name: "Check-ins" }).click();
  await expect(page).toHaveURL("/check-ins");
  await expect(page.getByRole("heading", { name: "Check-ins diários", level: 1 })).toBeVisible();
  await expect(bar.getByRole("link", { name: "Check-ins" })).toHaveAttribute("aria-current", "page");
  // The page's last content is not under the bar.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const main = await page.locator("main").boundingBox();
  const lastChild = await page.locator("main > *").last().boundingBox();
  if (main && lastChild) expect(lastChild.y + lastChild.height).toBeLessThanOrEqual((box?.y ?? 844) + 1);

  const more = bar.getByRole("button", { name: "Mais" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await more.click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  // Behind the open drawer the bar is hidden from assistive technology: found by its markup.
  await expect(page.locator("[data-bottom-tab-bar] button")).toHaveAttribute("aria-expanded", "true");
  for (const label of ["Conteúdos", "Recompensas", "Configurações", "Ajuda"]) {
    await expect(drawer.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(drawer.getByRole("button", { name: "Sair" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(more).toBeFocused();

  await more.click();
  await drawer.getByRole("button", { name: "Apoio", exact: true }).click();
  await drawer.getByRole("link", { name: "Sessões em grupo", exact: true }).click();
  await expect(page).toHaveURL("/group-sessions");
  await expect(drawer).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
});

test("each role's bottom bar holds its own places", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const bar = page.getByRole("navigation", { name: "Menu inferior" });
  await signInAs(page, people.manager);
  await expect(bar.getByRole("link")).toHaveText(["Painel", "Check-ins", "Equipe", "Relatórios"]);
  await bar.getByRole("link", { name: "Equipe" }).click();
  await expect(page).toHaveURL("/team");
  await page.context().clearCookies();
  await signInAs(page, people.admin);
  await expect(bar.getByRole("link")).toHaveText(["Visão geral", "Empresas", "Psicólogos", "Acessos"]);
  await bar.getByRole("link", { name: "Acessos" }).click();
  await expect(page).toHaveURL("/admin/auditoria");
});
