// The compliance file (issue 48 items 3 and 4, docs/decisions/090 and 091): the SST professional records
// a harassment training and its attendance by CSV (an unknown matrícula listed, the rest imported once
// confirmed), sees the level not trained for 12 months flagged and downloads the Lei 14.457 file; then an
// action of the plan shows its dimension before and after the later campaign, and 'sem efeito' opens a
// review trigger, closed in the review log.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { effectMessages } from "#core/action-effect.ts";
import { complianceMessages } from "#core/compliance-messages.ts";
import { complianceManager } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.screenshot({ path: `/work/shots/e-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a manager records a training by CSV, sees a level flagged and downloads the Lei 14.457 file", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, complianceManager);
  await page.goto("/conformidade");
  const levels = page.getByRole("list", { name: "Treinamento por nível hierárquico" });
  await expect(levels.getByRole("listitem").filter({ hasText: "Liderança" })).toContainText(
    "Vencido: mais de 12 meses",
  );
  await expect(levels.getByRole("listitem").filter({ hasText: "Demais níveis" })).toContainText("Vencido");

  const today = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(new Date());
  await page.getByLabel("Título").fill("Liderança sem assédio");
  await page.getByRole("textbox", { name: "Data" }).fill(today);
  await page.getByLabel("Duração (minutos)").fill("90");
  await page.getByLabel("Liderança").check();
  await page.getByRole("button", { name: "Salvar treinamento" }).click();
  await expect(page.getByText(complianceMessages.trainingSaved).first()).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "Liderança sem assédio" });
  await expect(card).toContainText("0 presentes");

  await card.getByLabel("Importar lista de presença (CSV de matrículas)").setInputFiles({
    name: "presenca.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("matrícula;nome\nMA-101;Ana\nMA-102;Bruno\nXX-999;Visitante\n"),
  });
  await expect(card.getByText(complianceMessages.unknownMatriculas(["XX-999"]))).toBeVisible();
  await expect(card).toContainText("0 presentes");
  await shots(page, "conformidade-csv-desconhecidas");
  await card.getByRole("button", { name: "Importar as demais" }).click();
  await expect(page.getByText(complianceMessages.attendanceImported(2)).first()).toBeVisible();
  await expect(card).toContainText("2 presentes");
  await expect(levels.getByRole("listitem").filter({ hasText: "Liderança" })).toContainText("Em dia");
  await expect(levels.getByRole("listitem").filter({ hasText: "Demais níveis" })).toContainText(
    "Vencido: mais de 12 meses",
  );
  await shots(page, "conformidade");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar o dossiê (PDF)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lei-14457-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile((await file.path()) as string)).subarray(0, 5).toString()).toBe("%PDF-");
});

test("an action's before and after appear after the second campaign, and 'sem efeito' opens a review trigger", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, complianceManager);
  await page.goto("/risks");
  await page.getByRole("tab", { name: "Plano de ação" }).click();
  const effect = page.getByRole("region", {
    name: "Eficácia medida pela pesquisa: Roda de conversa mensal com a liderança",
  });
  await expect(effect.getByRole("columnheader", { name: "Antes: Pesquisa 2025" })).toBeVisible();
  await expect(effect.getByRole("columnheader", { name: "Depois: Pesquisa 2026" })).toBeVisible();
  await expect(effect.getByRole("row", { name: /Assédio/ })).toContainText(/entre \d+ e \d+|\d+/);
  await effect.getByLabel("Eficácia").selectOption("sem_efeito");
  await effect.getByLabel("Observação (opcional)").fill("O índice não caiu depois das rodas de conversa.");
  await shots(page, "plano-eficacia");
  await effect.getByRole("button", { name: "Confirmar eficácia" }).click();
  await expect(page.getByText(effectMessages.verdictSavedWithTrigger).first()).toBeVisible();
  await expect(effect.getByText("Sem efeito", { exact: true })).toBeVisible();
  await expect(effect).toContainText("motivo de revisão aberto em Participação");

  await page.getByRole("tab", { name: "Participação" }).click();
  const trigger = page.getByRole("listitem").filter({ hasText: "Roda de conversa mensal com a liderança" });
  await expect(trigger).toContainText("Resultado de monitoramento");
  await expect(trigger).toContainText("ficou sem efeito na pesquisa “Pesquisa 2026” (Assédio)");
  await trigger.getByRole("button", { name: "Concluir revisão" }).click();
  const today = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(new Date());
  await trigger.getByRole("textbox", { name: "Concluída em" }).fill(today);
  await trigger.getByLabel("O que foi feito").fill("Riscos reavaliados com a CIPA; nova ação no plano.");
  await trigger.getByRole("button", { name: "Salvar conclusão" }).click();
  await expect(page.getByText(effectMessages.triggerClosed).first()).toBeVisible();
  await expect(trigger).toContainText("Concluída em");
  await expect(trigger).toContainText("Riscos reavaliados com a CIPA");
  await shots(page, "revisoes");
});
