import { expect, test } from "@playwright/test";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test("content unlocks as points arrive, and an unlocked article opens to its text", async ({ page }) => {
  await signInAs(page, people.reader);
  await page.goto("/content");
  await expect(page.getByTestId("points")).toHaveText("0 pontos");
  const fiftyPoints = page.getByRole("article").filter({ hasText: "Faltam 50 pontos" }).first();
  await expect(fiftyPoints).toBeVisible();
  const title = (await fiftyPoints.getByRole("heading").textContent()) ?? "";

  const freeArticle = page
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: /^Ler:/ }) })
    .first();
  await freeArticle.getByRole("button").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("article")).toBeVisible();
  expect(((await dialog.getByRole("article").textContent()) ?? "").length).toBeGreaterThan(1000);
  await dialog.getByRole("button", { name: "Fechar" }).click();

  // A check-in earns 50 points, which opens the 50-point item.
  await page.goto("/check-ins");
  await page.getByRole("radio", { name: "Neutro" }).click();
  await page.getByRole("button", { name: "Fazer check-in (+50 XP)" }).click();
  await expect(page.getByText("Check-in de hoje feito!")).toBeVisible();
  await page.goto("/content");
  await expect(page.getByTestId("points")).toHaveText("50 pontos");
  const unlocked = page.getByRole("article", { name: title });
  await expect(unlocked.getByText("Faltam")).toHaveCount(0);
  await unlocked.getByRole("button").click();
  await expect(page.getByRole("dialog", { name: title })).toBeVisible();
});
