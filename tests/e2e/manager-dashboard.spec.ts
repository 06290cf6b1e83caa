import { expect, test } from "@playwright/test";
import { messages } from "#core/messages.ts";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test("on a small team the mood is withheld and says why; participation is shown", async ({ page }) => {
  await signInAs(page, people.manager);
  const moodTile = page.getByRole("group", { name: "Humor médio" });
  await expect(moodTile).toContainText(messages.moodHidden);
  await expect(moodTile).toContainText(/teve ao menos 5 membros respondendo/);
  // Other tests may add people to this company meanwhile: the tile shows a count between the API's before and after.
  const members = async () => (await (await page.request.get("/api/team/summary")).json()).totalMembers as number;
  const before = await members();
  const tile = page.getByRole("group", { name: "Total de membros" }).locator(".text-3xl");
  await expect(tile).toHaveText(/^\d/);
  const shown = Number((await tile.textContent())?.replaceAll(".", ""));
  expect(shown).toBeGreaterThanOrEqual(before);
  expect(shown).toBeLessThanOrEqual(await members());
  await expect(page.getByRole("group", { name: "Taxa de participação" })).toContainText("%");
  await expect(page.getByRole("heading", { name: "Ações recomendadas" })).toBeVisible();
});

test("the demo company shows its figures, the wellbeing summary and team activities, never a person's mood", async ({
  page,
}) => {
  await signInAs(page, {
    email: "gestora@demo.sereno.com.br",
    password: "demo-sereno-bem-estar",
    name: "Gabriela Gestora",
    role: "manager",
  });
  await expect(page.getByRole("group", { name: "Total de membros" })).toContainText("13");
  const moodTile = page.getByRole("group", { name: "Humor médio" });
  await expect(moodTile).toContainText(/\d,\d\/5/);
  await expect(page.getByText(/^\d+%$/).first()).toBeVisible();
  await expect(page.getByText(/check-ins realizados em \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
  for (const name of ["Ana Souza", "Bruno Lima"]) await expect(page.getByText(name)).toHaveCount(0);
});
