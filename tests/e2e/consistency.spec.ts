/** One product, said and drawn one way: the same mood icons, session length and type everywhere. */
import { expect, test } from "@playwright/test";
import { MOODS } from "#core/mood.ts";
import { moodVisuals } from "#web/components/mood-visuals.ts";
import { SESSION_MINUTES } from "#web/features/marketing/claims.ts";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

/** 'CloudRain' → 'lucide-cloud-rain', the class lucide-react puts on each icon. */
const lucideClass = (name: string | undefined) =>
  `lucide-${(name ?? "").replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()}`;

test("the landing's check-in preview draws the app's five mood icons", async ({ page }) => {
  await page.goto("/");
  const preview = page.locator("[aria-hidden=true]").filter({ hasText: "Como você está hoje?" }).first();
  for (const mood of MOODS) {
    await expect(preview.locator(`svg.${lucideClass(moodVisuals[mood].icon.displayName)}`)).toHaveCount(1);
  }
});

test("/login and the landing state the same session length", async ({ page }) => {
  const sessions = `sessões de ${SESSION_MINUTES} minutos`;
  await page.goto("/");
  await expect(page.getByText(sessions).first()).toBeVisible();
  await page.goto("/login");
  await expect(page.getByText(sessions)).toBeVisible();
});

test("the exercise timer is set in the product's font", async ({ page }) => {
  await signInAs(page, people.veteran, "/exercises");
  await page.getByLabel("Buscar").fill("Respiração Quadrada");
  await page
    .getByRole("article", { name: "Respiração Quadrada" })
    .getByRole("button", { name: /Começar/ })
    .click();
  const timer = page.getByRole("dialog", { name: "Respiração Quadrada" }).getByRole("timer");
  await expect(timer).toBeVisible();
  expect(await timer.evaluate((node) => getComputedStyle(node).fontFamily)).toContain("Inter");
});
