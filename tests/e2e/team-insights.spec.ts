import { expect, test } from "@playwright/test";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test("the manager sees 'Insights da equipe' on the dashboard and in /reports, as statistics with what was withheld", async ({
  page,
}) => {
  await signInAs(page, people.manager);
  const onDashboard = page.getByRole("region", { name: "Insights da equipe" });
  await expect(onDashboard).toContainText("Não é inteligência artificial");
  // The fixture team is new and small: the mood findings are withheld, and the panel says why.
  await expect(
    onDashboard.getByText(/Não comparamos o humor por dia da semana|poucos dias com humor publicado/),
  ).toBeVisible();
  await page.goto("/reports");
  await expect(page.getByRole("region", { name: "Insights da equipe" })).toContainText("Padrões dos últimos 90 dias");
});
