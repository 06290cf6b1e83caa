/**
 * Resultados (issue 47, docs/decisions/088): an admin has the figures published; the big company's manager
 * opens Resultados from the menu, reads the month's adoption with n, rate and margin and a hidden figure that
 * says why, downloads the executive PDF, makes a feed key and reads the feed with it as Power BI would; and a
 * company with two closed NR-1 campaigns reads each dimension's index before and after, with margins (093).
 */
import { expect, type Page, test } from "@playwright/test";
import { instruments } from "#core/risks.ts";
import { bigManager, nr1ResultsManager, people } from "./support/fixtures.ts";
import { clickMenuEntry, signInAs } from "./support/helpers.ts";

test.setTimeout(120_000);

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/work/shots/d-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/work/shots/d-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a manager reads Resultados with margins, downloads the PDF and reads the feed with a key", async ({
  browser,
  page,
  baseURL,
}) => {
  const adminPage = await browser.newPage();
  await signInAs(adminPage, people.admin, "/admin");
  const origin = new URL(adminPage.url()).origin;
  const run = await adminPage.request.post("/api/admin/jobs/publish-resultados/run", { headers: { origin } });
  expect(run.status()).toBe(202);
  await adminPage.close();

  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, bigManager);
  await clickMenuEntry(page, "Resultados", "Empresa");
  await expect(page).toHaveURL(/\/resultados$/);
  await expect(page.getByText(/Sem um grupo de comparação/)).toHaveCount(1);
  const adoption = page.getByRole("region", { name: "Adesão e uso" });
  // The job runs in the background: the page shows the month once it is published.
  await expect(async () => {
    await page.reload();
    await expect(adoption.getByText(/Ativos no mês/).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(adoption.getByText(/cerca de \d+ ± \d+/).first()).toBeVisible();
  await expect(adoption.getByText(/n ≈ \d+ ± \d+ · dos elegíveis: \d+%/).first()).toBeVisible();
  await expect(page.getByText(/disponível a partir de \d\d\/\d\d\/\d{4}/).first()).toBeVisible();
  await shoot(page, "resultados");
  // The NR-1 layer (decision 093): the comparison, or when it will be shown.
  const nr1 = page.getByRole("region", { name: /NR-1/ });
  await expect(
    nr1
      .getByText("Disponível quando uma segunda pesquisa for encerrada.")
      .or(nr1.getByRole("columnheader", { name: "Variação" })),
  ).toBeVisible();
  await nr1.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/work/shots/g-resultados-1280.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "/work/shots/g-resultados-390.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Baixar o resumo do mês/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^resultados-empresa-grande\.pdf$/);

  const feedCard = page.getByRole("region", { name: "Power BI e Excel" });
  await feedCard.getByLabel("Nome da nova chave").fill("Power BI do RH");
  await feedCard.getByRole("button", { name: "Criar chave" }).click();
  const secret = await feedCard.getByLabel("Chave do painel").inputValue();
  expect(secret).toMatch(/^sereno_bi_/);
  await shoot(page, "resultados-chave");

  // As Power BI's 'Da Web' with Básico: no cookie, the key as the password.
  const feed = await fetch(`${baseURL}/api/v1/resultados/figuras.csv`, {
    headers: { authorization: `Basic ${Buffer.from(`powerbi:${secret}`).toString("base64")}` },
  });
  expect(feed.status).toBe(200);
  const csv = await feed.text();
  expect(csv).toContain("Camada;Período;Indicador");
  expect(csv).toContain("Ativos no mês");
  expect(csv).not.toMatch(/grande\d+@sereno\.test|Pessoa Grande/);
});

test("a manager reads each NR-1 dimension before and after the action plan, with margins", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, nr1ResultsManager);
  await clickMenuEntry(page, "Resultados", "Empresa");
  await expect(page).toHaveURL(/\/resultados$/);
  const nr1 = page.getByRole("region", { name: /NR-1/ });
  await expect(nr1.getByText("Disponível quando uma segunda pesquisa for encerrada.")).toHaveCount(0);
  // Both sides named, each with its n and margin (the released, noisy count of answers).
  await expect(
    nr1.getByText(/^Antes: Pesquisa do 1º semestre, encerrada em \d\d\/\d\d\/\d{4} · n ≈ \d+ ± \d+$/),
  ).toBeVisible();
  await expect(
    nr1.getByText(/^Depois: Pesquisa do 2º semestre, encerrada em \d\d\/\d\d\/\d{4} · n ≈ \d+ ± \d+$/),
  ).toBeVisible();
  const table = nr1.getByRole("table", { name: "Índice de risco por dimensão, antes e depois" });
  await expect(table.getByRole("columnheader")).toHaveText(["Dimensão", "Antes", "Depois", "Variação"]);
  const dimensions = instruments[0]?.dimensions ?? [];
  expect(dimensions.length).toBeGreaterThan(0);
  await expect(table.getByRole("row")).toHaveCount(dimensions.length + 1);
  const withMargin = /^\d{1,3}(,\d)? ± \d{1,3}(,\d)?$/;
  for (const dimension of dimensions) {
    const row = table
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: dimension.name, exact: true }) });
    const cells = row.getByRole("cell");
    await expect(cells).toHaveCount(3);
    await expect(cells.nth(0)).toHaveText(withMargin);
    await expect(cells.nth(1)).toHaveText(withMargin);
    await expect(cells.nth(2)).toHaveText(/^[+-]?\d{1,3}(,\d)?$/);
  }
  // The seed lowered every dimension's risk by about 16 points: the change reads as a fall.
  await expect(table.getByRole("cell").filter({ hasText: /^-\d/ }).first()).toBeVisible();
  await expect(nr1.getByText(/Uma variação menor que as margens pode ser só ruído/)).toBeVisible();
  // The change column is in view on a phone too (the margins go under the indexes there).
  await page.setViewportSize({ width: 390, height: 844 });
  const change = table.getByRole("columnheader", { name: "Variação" });
  await change.scrollIntoViewIfNeeded();
  const box = await change.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: "/work/shots/b-resultados-nr1-1280.png", fullPage: true });
  await nr1.screenshot({ path: "/work/shots/b-resultados-nr1-layer-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: "/work/shots/b-resultados-nr1-390.png", fullPage: true });
  await nr1.screenshot({ path: "/work/shots/b-resultados-nr1-layer-390.png" });
});
