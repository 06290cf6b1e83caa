// The Lei 14.831 dossier (issue 48 item 5, docs/decisions/094): a manager opens its tab on /conformidade,
// sets a goal on a Resultados figure with its review dates, publishes a 'Você falou, fizemos' notice
// (read on /escuta, under the Canal de escuta), and downloads the dossier as PDF and XLSX; a criterion with nothing says so.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { dossierMessages } from "#core/dossier-messages.ts";
import { complianceManager } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.screenshot({ path: `/work/shots/h-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a manager sets a goal, publishes a notice and downloads the Lei 14.831 dossier", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, complianceManager);
  await page.goto("/conformidade");
  await page.getByRole("tab", { name: "Saúde mental (Lei 14.831)" }).click();
  const criteria = page.getByRole("list", { name: "Diretrizes do art. 3º" });
  await expect(criteria.getByRole("listitem").filter({ hasText: "Art. 3º, I, d" })).toContainText(
    dossierMessages.noEvidence,
  );

  const inThreeMonths = new Date(Date.now() + 90 * 86_400_000);
  const day = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(inThreeMonths);
  await page.getByLabel("Indicador").selectOption("adesao_ativa");
  await page.getByLabel("Meta", { exact: true }).fill("60% de pessoas ativas por mês");
  await page.getByRole("textbox", { name: "Primeira revisão" }).fill(day);
  await page.getByLabel("Revisar a cada").selectOption("3");
  await page.getByRole("button", { name: "Salvar meta" }).click();
  await expect(page.getByText(dossierMessages.goalSaved).first()).toBeVisible();
  await expect(criteria.getByRole("listitem").filter({ hasText: "Art. 3º, III, c" })).toContainText(
    "60% de pessoas ativas por mês",
  );

  await page.getByLabel("Título do aviso").fill("Você falou, fizemos: mais pausas");
  await page.getByLabel("Aviso", { exact: true }).fill("Vocês pediram pausas no meio da tarde: agora são duas.");
  await page.getByRole("button", { name: "Publicar aviso" }).click();
  await expect(page.getByText(dossierMessages.noticePublished).first()).toBeVisible();
  await expect(criteria.getByRole("listitem").filter({ hasText: "Art. 3º, III, a" })).toContainText(
    "Você falou, fizemos: mais pausas",
  );
  await shots(page, "dossie");

  const pdf = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar o dossiê da Lei 14.831 (PDF)" }).click();
  const pdfFile = await pdf;
  expect(pdfFile.suggestedFilename()).toMatch(/^lei-14831-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile((await pdfFile.path()) as string)).subarray(0, 5).toString()).toBe("%PDF-");
  const xlsx = page.waitForEvent("download");
  await page.getByRole("link", { name: "Planilha (XLSX)" }).click();
  expect((await xlsx).suggestedFilename()).toMatch(/^lei-14831-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await page.goto("/escuta");
  await expect(page.getByRole("listitem").filter({ hasText: "Você falou, fizemos: mais pausas" })).toContainText(
    "agora são duas",
  );
  await shots(page, "escuta-avisos");
});
