/**
 * The dashboard's first reads travel with the session (web/lib/early-me.ts,
 * docs/decisions/021): the page's inline script sends them as soon as GET
 * /api/me says the role, while the app's scripts still download, and the
 * panels use those answers instead of asking again. The app's framework
 * script is held back here: a read seen while it is held can only come from
 * the inline script.
 */
import { expect, type Page, test } from "@playwright/test";
import { dashboardReads } from "#web/lib/early-me.ts";
import { type FixturePerson, people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

async function reloadHoldingTheApp(page: Page, person: FixturePerson, shown: () => Promise<void>) {
  const reads = dashboardReads[person.role as keyof typeof dashboardReads] ?? [];
  expect(reads.length).toBeGreaterThan(0);
  await signInAs(page, person);
  // Counted from the reloaded document on: the signed-in page's own reads may still be leaving when signInAs
  // returns, and even after page.reload() is called, until the new document commits (the main frame navigates).
  let reloading = false;
  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (reloading && pathname.startsWith("/api/")) asked.push(pathname);
  });
  let sentBeforeTheApp = false;
  await page.route("**/assets/framework-*.js", async (route) => {
    sentBeforeTheApp = await expect
      .poll(() => reads.every((path) => asked.includes(path)), { timeout: 10_000 })
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
    await route.continue();
  });
  page.once("framenavigated", () => {
    reloading = true;
  });
  await page.reload();
  await shown();
  expect(sentBeforeTheApp, `sent before the app ran: ${asked.join(", ")}`).toBe(true);
  // Nothing asked twice, and nothing the panels needed that was not sent early (a path in dashboardReads that
  // differs from its panel's would show here as that panel's own request). The menu asks once, on every
  // screen, whether the viewer handles the Canal de escuta's cases (web/lib/new-cases.ts, decision 067).
  expect(asked.toSorted()).toEqual(["/api/me", ...reads, "/api/escuta/responsaveis"].toSorted());
}

test("a member's dashboard: its first reads leave with the session and are asked once", async ({ page }) => {
  await reloadHoldingTheApp(page, people.member, async () => {
    await expect(page.getByRole("heading", { name: "Check-in de hoje" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Nível e XP" })).toBeVisible();
  });
});

test("a manager's dashboard: its first reads leave with the session and are asked once", async ({ page }) => {
  await reloadHoldingTheApp(page, people.manager, async () => {
    await expect(page.getByRole("group", { name: "Total de membros" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ações recomendadas" })).toBeVisible();
  });
});
