/**
 * The disclosure layer as a manager and a member meet it (docs/decisions/040): a small company reads its mood by
 * closed month, a big one by period with its margin, and a member reads the rules on 'O que sua empresa vê'.
 * Each page is also pictured at 1280 px and 390 px, light and dark, into test-results/screens/.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DAILY_GRAIN_MIN_MEMBERS } from "#core/disclosure.ts";
import { DEMO_MANAGER, DEMO_PASSWORD } from "#server/seed/demo.ts";
import { bigManager, people } from "./support/fixtures.ts";
import { afterClosedDaysPublished, applyTheme, clickMenuEntry, signInAs } from "./support/helpers.ts";

/** A mean's 90 % margin as the screens write it, a range clipped to the scale (docs/decisions/061). */
const RANGE = /^entre \d,\d e \d,\d numa escala de 1 a 5$/;

/**
 * Light and dark, at 1280 px and 390 px: the page never scrolls sideways, and each picture is kept, the whole
 * page and, close up, the part the journey is about.
 */
async function picture(page: Page, name: string, closeUp: Locator) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of ["light", "dark"] as const) {
    await applyTheme(page, theme === "dark");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expect(closeUp).toBeVisible();
      // The charts take the new width a frame later: the page settles within the screen, never sideways.
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // From the top, so the sticky header and the menu sit where a person sees them.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/screens/${name}-${theme}-${width}.png`, fullPage: true });
      await closeUp.screenshot({ path: `test-results/screens/${name}-${theme}-${width}-close.png` });
    }
  }
}

test("a small company's report shows its mood by closed month, and says why", async ({ page }) => {
  // The demo company: twelve members since before last month began, small on every day. The fixture company has more
  // than DAILY_GRAIN_MIN_MEMBERS people who joined on the seeded day, so in a month that began that day (a run on the
  // 1st in São Paulo) it is seen by day (tests/e2e/manager-dashboard.spec.ts).
  await signInAs(page, {
    email: DEMO_MANAGER.email,
    name: DEMO_MANAGER.name,
    password: DEMO_PASSWORD,
    role: "manager",
  });
  await clickMenuEntry(page, "Relatórios", "Empresa");
  await expect(page).toHaveURL(/\/reports/);
  const mood = page.getByRole("group", { name: "Humor médio", exact: true });
  await expect(mood.getByText(`Equipes com menos de ${DAILY_GRAIN_MIN_MEMBERS} pessoas veem o humor`)).toBeVisible();
  await expect(mood.getByText(/\d,\d/)).toHaveCount(0);
  const months = page.getByRole("region", { name: "Humor por mês" });
  await expect(months.getByText(`Em equipes com menos de ${DAILY_GRAIN_MIN_MEMBERS} pessoas`)).toBeVisible();
  const rows = months.getByRole("table").locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  // Each closed month, newest first ('outubro de 2026'); its mood a value with its margin, or hidden.
  await expect(rows.first().getByRole("rowheader")).toHaveText(/^[A-ZÇ][a-zç]+ de \d{4}$/);
  // Never more people in a month than the company has (docs/decisions/061).
  const participation = (await page.getByRole("group", { name: "Participação" }).textContent()) ?? "";
  const members = Number(/de (\d+) membros/.exec(participation)?.[1] ?? Number.NaN);
  expect(members).toBeGreaterThan(0);
  for (const row of await rows.all()) {
    await expect(row.getByRole("cell").first()).toHaveText(/^(entre \d,\d e \d,\d|Oculto)$/);
    const people = row.getByRole("cell").last();
    await expect(people).toHaveText(/^(cerca de \d+|menos de \d+)$/);
    expect(Number(/\d+/.exec((await people.textContent()) ?? "")?.[0])).toBeLessThanOrEqual(members);
  }
  // No chart frame without a figure: the mood and energy charts say why there is none, by day.
  await expect(page.getByRole("figure", { name: "Humor médio ao longo do tempo" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Humor médio ao longo do tempo" })).toContainText(
    "veem o humor de cada mês encerrado",
  );
  await expect(page.getByRole("region", { name: "Energia e estresse ao longo do tempo" })).toContainText(
    "só por mês encerrado",
  );
  await expect(page.getByRole("heading", { name: "Ações recomendadas" })).toBeVisible();
  await picture(page, "reports-small", months);
  // At 390 px (the last picture) each month is a block of its own, its people count in view, not cut off.
  await expect(months.getByRole("table")).toBeHidden();
  await expect(months.getByRole("listitem").first()).toContainText(/Pessoas(cerca|menos) de \d+/);
});

test("a big company's report and dashboard show the period's mood with its margin", async ({ page }) => {
  await signInAs(page, bigManager);
  await afterClosedDaysPublished(page);
  const tile = page.getByRole("group", { name: "Humor médio", exact: true });
  await expect(tile.locator(".text-3xl")).toHaveText(/^\d,\d\/5$/);
  await expect(tile).toContainText(
    /entre \d,\d e \d,\d numa escala de 1 a 5\. Dias encerrados de \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}/,
  );

  await clickMenuEntry(page, "Relatórios", "Empresa");
  const mood = page.getByRole("group", { name: "Humor médio", exact: true });
  await expect(mood.getByText(RANGE)).toBeVisible();
  await expect(mood.getByText(/^Média de 1 a 5 dos \d+ dias mostrados do período/)).toBeVisible();
  // Seen by day: no monthly card, and the daily counts are about, not exact.
  await expect(page.getByRole("region", { name: "Humor por mês" })).toHaveCount(0);
  await expect(
    page.getByRole("group", { name: "Participação" }).getByText(/^Cerca de [\d.]+ check-ins de/),
  ).toBeVisible();
  await picture(page, "reports-big", mood);
});

test("a member reads on 'O que sua empresa vê' how small teams, care, groups and NR-1 are shown", async ({ page }) => {
  await signInAs(page, people.member, "/settings");
  await page.getByRole("link", { name: "Ver o que sua empresa vê" }).click();
  await expect(page).toHaveURL("/o-que-sua-empresa-ve");
  const monthly = page
    .getByRole("listitem")
    .filter({ hasText: `Equipes com menos de ${DAILY_GRAIN_MIN_MEMBERS} pessoas` });
  await expect(monthly).toContainText("só por mês encerrado");
  const care = page.getByRole("listitem").filter({ hasText: "Apoio psicológico, grupos de apoio e pesquisa NR-1" });
  await expect(care).toContainText("nenhum número que a empresa vê muda na hora");
  await expect(care).toContainText("períodos encerrados");
  await expect(page.getByText("«entre 3,1 e 3,7 numa escala de 1 a 5»")).toBeVisible();
  // One yearly total across days and months (docs/decisions/061; 59,5 since 083).
  const total = page.getByRole("listitem").filter({ hasText: "Um limite por ano, somando dias e meses" });
  await expect(total).toContainText("59,5");
  await expect(page.getByRole("listitem").filter({ hasText: "Humor médio e % de bem-estar" })).toContainText(
    "nem contas novas",
  );
  await expect(total).toContainText("mesmo para quem faz check-in todos os dias");
  // Resultados' own yearly total, counted line by line (docs/decisions/084); the mood's stays 59,5.
  const resultados = page.getByRole("listitem").filter({ hasText: "Um limite por ano também nos Resultados" });
  await expect(resultados).toContainText("36,8");
  await expect(resultados).toContainText("uso do Sereno 10,8, Índice de Bem-Estar 12, apoio psicológico 14");
  await expect(resultados).toContainText("o teto do seu humor continua 59,5");
  await resultados.scrollIntoViewIfNeeded();
  await resultados.screenshot({ path: "/work/shots/b-company-view-resultados-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await resultados.evaluate((item) => item.scrollIntoView({ block: "center" }));
  await resultados.screenshot({ path: "/work/shots/b-company-view-resultados-390.png" });
  await page.setViewportSize({ width: 1280, height: 900 });
  // Their own year, line by line, against each limit.
  const year = page.getByRole("heading", { name: "Você nos números, nos últimos 12 meses" }).locator("xpath=../..");
  await expect(year.getByRole("progressbar", { name: /^Dias com check-in: \d+ de 365$/ })).toBeVisible();
  await expect(year.getByRole("progressbar", { name: "Pesquisas de riscos (NR-1) respondidas: 0 de 4" })).toBeVisible();
  await expect(year).toContainText("Depois de 4 em 12 meses, não pedimos outra");
  await picture(page, "company-view-year", year);
  await picture(
    page,
    "company-view",
    page.getByRole("listitem").filter({ hasText: "Humor médio e % de bem-estar" }).locator("xpath=ancestor::ul"),
  );
});
