/**
 * axe at 0 on every signed-in screen (issue 45, accessibility): each seeded role opens each of its screens
 * (web/lib/navigation.ts, the route table's signed-in part) and the dialogs that matter, and axe (WCAG 2.0/2.1 A
 * and AA) runs at 1280 px in the light theme and at 390 px in the dark one, so both widths and both themes are
 * scanned at two scans a screen. Nothing is excluded: any violation fails, listed by screen.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import type { Role } from "#core/roles.ts";
import { appScreens } from "#web/lib/navigation.ts";
import { type FixturePerson, listeningPeople, people, seededPsychologist } from "./support/fixtures.ts";
import { applyTheme, signInAs } from "./support/helpers.ts";

// The roles' sweeps only read: CI's workers may share them out.
test.describe.configure({ mode: "parallel" });

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

type Found = { screen: string; rule: string; impact: string | null | undefined; targets: string[] };

async function scan(page: Page, screen: string): Promise<Found[]> {
  const found: Found[] = [];
  const views = [
    { width: 1280, height: 800, dark: false },
    { width: 390, height: 844, dark: true },
  ];
  for (const view of views) {
    await page.setViewportSize({ width: view.width, height: view.height });
    await applyTheme(page, view.dark);
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    for (const violation of violations) {
      found.push({
        screen: `${screen} @${view.width}${view.dark ? " escuro" : ""}`,
        rule: violation.id,
        impact: violation.impact,
        targets: violation.nodes.map((node) => node.target.join(" ")),
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("h1").first()).toBeVisible();
  // Queries fill the page after the first frame: scan what a person reads, not the skeleton.
  await page.waitForLoadState("networkidle");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The dialogs and second-level screens worth a scan of their own, per role. */
const extras: Record<string, ((page: Page) => Promise<string>)[]> = {
  member: [
    async (page) => {
      await open(page, "/check-ins");
      const good = page.getByRole("radio", { name: "Bom" });
      if (await good.count()) await good.click();
      return "/check-ins (formulário preenchido)";
    },
    async (page) => {
      await open(page, "/exercises");
      await page.getByLabel("Buscar").fill("Respiração Quadrada");
      await page
        .getByRole("article", { name: "Respiração Quadrada" })
        .getByRole("button", { name: /Começar/ })
        .click();
      await expect(page.getByRole("dialog", { name: "Respiração Quadrada" })).toBeVisible();
      return "/exercises (exercício aberto)";
    },
    async (page) => {
      await open(page, "/content");
      await page.getByRole("article").first().getByRole("link").first().click();
      await expect(page).toHaveURL(/\/content\/.+/);
      await open(page, page.url());
      return "/content/:id";
    },
    async (page) => {
      await open(page, "/care");
      await page
        .getByRole("link", { name: /Ver perfil|Sofia Semente/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/care\/psicologos\/.+/);
      await open(page, page.url());
      return "/care/psicologos/:id";
    },
  ],
};

/**
 * Screens that read the same whoever opens them are scanned once, by the first role below that has them, so the
 * sweep fits CI's time; the shell around them (menus, header) is scanned on each role's other screens.
 */
const SAME_FOR_EVERYONE = new Set([
  "/check-ins",
  "/exercises",
  "/content",
  "/settings",
  "/help",
  "/o-que-sua-empresa-ve",
]);

const roles: { name: string; person: FixturePerson; role: Role; only?: string[] }[] = [
  { name: "member", person: people.member, role: "user" },
  { name: "manager", person: people.manager, role: "manager" },
  { name: "admin", person: people.admin, role: "admin" },
  { name: "psychologist", person: seededPsychologist, role: "psychologist" },
  { name: "handler", person: listeningPeople.handler, role: "user", only: ["/escuta", "/escuta/casos"] },
];

/** Each role's screens, in the route table's order, less the SAME_FOR_EVERYONE ones an earlier role scans. */
const scanned = new Set<string>();
const plans = roles.map(({ role, only, ...rest }) => {
  const paths = appScreens
    .filter((screen) => screen.roles.includes(role))
    .map((screen) => screen.path)
    .filter((path) => (!only || only.includes(path)) && !(SAME_FOR_EVERYONE.has(path) && scanned.has(path)));
  for (const path of paths) scanned.add(path);
  return { ...rest, paths };
});

for (const { name, person, paths } of plans) {
  test(`axe finds nothing on the ${name}'s screens at 1280 and 390 px`, async ({ page }) => {
    // A role opens up to twenty-one screens, with two axe scans each.
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, person);
    const found: Found[] = [];
    for (const path of paths) {
      await open(page, path);
      found.push(...(await scan(page, path)));
    }
    for (const extra of extras[name] ?? []) {
      const screen = await extra(page);
      found.push(...(await scan(page, screen)));
    }
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
  });
}
