/**
 * The Content-Security-Policy holds in a real browser (docs/decisions/018):
 * style-src has no 'unsafe-inline', yet the landing page, the sign-in page,
 * the dashboard and a dialog (whose scroll lock injects a <style> stamped with
 * the page's nonce) run without a single refusal, and their styles apply.
 */
import { expect, type Page, test } from "@playwright/test";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

function recordRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

test("the main screens and a dialog run under a style-src without 'unsafe-inline'", async ({ page }) => {
  const refusals = recordRefusals(page);

  const landing = await page.goto("/");
  const policy = landing?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/style-src 'self'( 'sha256-[\w+/=]+')+ 'nonce-[\w+/=]+'/);
  expect(policy).not.toContain("unsafe-inline");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The hero's week bars get their heights from classes (a style="" attribute would be refused: height 0).
  const bars = await page
    .locator("div[aria-hidden] .items-end > span")
    .evaluateAll((spans) => spans.map((bar) => bar.getBoundingClientRect().height));
  expect(bars).toHaveLength(7);
  expect(Math.min(...bars)).toBeGreaterThan(10);

  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();

  await signInAs(page, people.member);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await page.goto("/exercises");
  await page.getByLabel("Buscar").fill("Respiração Quadrada");
  await page
    .getByRole("article", { name: "Respiração Quadrada" })
    .getByRole("button", { name: /Começar/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Respiração Quadrada" });
  await expect(dialog.getByRole("heading", { name: "Passo a passo" })).toBeVisible();
  // The scroll lock's injected <style> applied: the page behind the dialog does not scroll.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  expect(refusals).toEqual([]);
});
