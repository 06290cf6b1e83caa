import { expect, test } from "@playwright/test";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test("XP is written the pt-BR way, with the thousands separator, on the dashboard and the exercises page", async ({
  page,
}) => {
  await signInAs(page, people.veteran);
  await expect(page.getByRole("group", { name: "Nível e XP" })).toContainText("1.385 XP");
  await page.goto("/exercises");
  await expect(page.getByTestId("level-summary")).toHaveText("Nível 14 · 1.385 XP");
});
