import { expect, test } from "@playwright/test";
import { DAILY_GRAIN_MIN_MEMBERS } from "#core/disclosure.ts";
import { teamMessages } from "#core/team-messages.ts";
import { people } from "./support/fixtures.ts";
import { afterClosedDaysPublished, signInAs } from "./support/helpers.ts";

test("on a team with too few answers the mood is withheld and says why; participation is shown", async ({ page }) => {
  await signInAs(page, people.manager);
  await afterClosedDaysPublished(page);
  const moodTile = page.getByRole("group", { name: "Humor médio" });
  await expect(moodTile).toContainText(teamMessages.moodHidden);
  // The fixture company has more than DAILY_GRAIN_MIN_MEMBERS people, all joined on the day server.ts seeded: a month
  // that began before that day counts it small (docs/decisions/040), the reason is its size and its months are in the
  // reports; a month that began on that day (a run on the 1st in São Paulo) sees it by day, and the reason is who
  // answered. The demo company below is small on every day.
  const { grain } = (await (await page.request.get("/api/team/summary")).json()) as { grain: "day" | "month" };
  if (grain === "month") {
    await expect(moodTile).toContainText(
      `Equipes com menos de ${DAILY_GRAIN_MIN_MEMBERS} pessoas veem o humor por mês encerrado, em Relatórios`,
    );
    await expect(moodTile).not.toContainText("membros ou mais responderam");
  } else {
    await expect(moodTile).toContainText(
      /(Em nenhum dia de .+ cerca de \d+ membros ou mais responderam|houve respostas, mas poucas para uma média precisa)/,
    );
    await expect(moodTile).not.toContainText(`Equipes com menos de ${DAILY_GRAIN_MIN_MEMBERS} pessoas`);
  }
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
  await afterClosedDaysPublished(page);
  await expect(page.getByRole("group", { name: "Total de membros" })).toContainText("13");
  // Twelve members: a small company, its mood by closed month only (docs/decisions/040).
  const moodTile = page.getByRole("group", { name: "Humor médio" });
  await expect(moodTile).toContainText(teamMessages.moodHidden);
  await expect(moodTile).toContainText(`menos de ${DAILY_GRAIN_MIN_MEMBERS} pessoas`);
  await expect(moodTile).not.toContainText(/\d,\d/);
  await expect(page.getByRole("group", { name: "Taxa de participação" })).toContainText(/^[^%]*\d+(,\d)?%/);
  await expect(page.getByText(/check-ins realizados em \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
  for (const name of ["Ana Souza", "Bruno Lima"]) await expect(page.getByText(name)).toHaveCount(0);
});
