/**
 * The 'Cartaz de ativação' (docs/decisions/045) from where establishments are
 * kept: a manager registers one in Riscos Psicossociais › Estrutura, opens its
 * poster from the card, and finds it named, with the QR code of the company's
 * /ativar address, ready to print. Empresa Cheia's manager: no other journey
 * reads that company's NR-1 structure.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { fullCompanyManager } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test("a manager opens an establishment's activation poster from its card in the NR-1 structure", async ({ page }) => {
  await signInAs(page, fullCompanyManager, "/risks");
  await expect(page.getByRole("heading", { name: "Riscos psicossociais" })).toBeVisible();
  const card = page.getByRole("heading", { name: "Loja Centro" });
  // A retry finds the establishment the first attempt registered (one CNPJ per company).
  if ((await card.count()) === 0) {
    await page.getByLabel("Nome", { exact: true }).fill("Loja Centro");
    await page.getByLabel("CNPJ").fill("11.444.777/0001-61");
    await page.getByRole("button", { name: "Cadastrar estabelecimento" }).click();
  }
  await expect(card).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("structure-card-1280.png") });

  await page.getByRole("link", { name: "Cartaz de ativação deste estabelecimento" }).click();
  await expect(page).toHaveURL(/\/team\/cartaz\?estabelecimento=[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Estabelecimento", { exact: true })).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Estabelecimento", { exact: true }).locator("option:checked")).toHaveText("Loja Centro");
  const poster = page.getByRole("article", { name: "Cartaz de ativação, Loja Centro" });
  await expect(poster.getByText("Empresa Cheia · Loja Centro")).toBeVisible();
  await expect(
    poster.getByRole("img", { name: /^QR code para http:\/\/localhost:\d+\/ativar\/[a-z0-9]+$/ }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Imprimir cartaz" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voltar para Riscos psicossociais" })).toHaveAttribute("href", "/risks");

  // Another establishment (or none) is one choice away, and the page reads well at phone width too.
  await page
    .getByLabel("Estabelecimento", { exact: true })
    .selectOption({ label: "Todos (sem nome de estabelecimento)" });
  await expect(page.getByRole("article", { name: "Cartaz de ativação" })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const { violations } = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
    const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => violation.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`poster-${width}.png`), fullPage: true });
  }

  // On paper: the brand on top and a QR code of at least 8 cm (issue 45, minor list), at the width an A4 page lays out.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: "print" });
  const printed = page.getByRole("article", { name: "Cartaz de ativação" });
  await expect(printed.getByText("Sereno", { exact: true })).toBeVisible();
  // 10 cm with its white margin, so the code itself is over 8 cm.
  const qr = await printed.getByRole("img", { name: /^QR code para/ }).boundingBox();
  expect(qr?.width ?? 0).toBeGreaterThanOrEqual((10 / 2.54) * 96 - 1);
});
