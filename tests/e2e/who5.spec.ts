/**
 * The WHO-5 journey (docs/decisions/077, 078): a member gives the WHO-5's own
 * consent on the Painel, answers it there (an incomplete answer names what is
 * missing), and sees their own score and trend in Meu bem-estar; a member whose
 * new index is 50 or less sees the support card, calmly, and the trend.
 */
import { expect, type Page, test } from "@playwright/test";
import { people, WHO5_EARLIER_ANSWER } from "./support/fixtures.ts";
import { screenshotScreen, signInAs } from "./support/helpers.ts";

const scaleLabels = [
  "Todo o tempo",
  "A maior parte do tempo",
  "Mais da metade do tempo",
  "Menos da metade do tempo",
  "Algumas vezes",
  "Em nenhum momento",
];

/** Picks, for item n (from 1), the answer worth `value` (5 = 'Todo o tempo' … 0 = 'Em nenhum momento'). */
async function pick(page: Page, item: number, value: number) {
  const group = page.getByRole("group", { name: new RegExp(`^${item}\\.`) });
  await group.getByRole("radio", { name: new RegExp(`^${scaleLabels[5 - value]}`) }).check();
}

test("a member consents on the Painel, answers the WHO-5 and sees their own score", async ({ page }, info) => {
  await signInAs(page, people.who5First);
  const card = page.getByRole("region", { name: "Como você tem se sentido nas últimas duas semanas?" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Índice de Bem-Estar da OMS");
  await screenshotScreen(page, info, "who5-consent");
  await card.getByRole("button", { name: "Aceito e quero responder" }).click();

  await expect(card.getByText("Nas últimas duas semanas…")).toBeVisible();
  await expect(card.getByText("Eu me senti alegre e de bom humor")).toBeVisible();
  // Two answered of five: the missing ones are named, nothing is sent.
  await pick(page, 1, 4);
  await pick(page, 3, 3);
  await card.getByRole("button", { name: "Enviar respostas" }).click();
  await expect(card.getByText("Responda às perguntas 2, 4 e 5 para enviar.")).toBeVisible();
  await pick(page, 2, 4);
  await pick(page, 4, 3);
  await pick(page, 5, 4);
  await screenshotScreen(page, info, "who5-questionnaire", { fullPage: true });
  await card.getByRole("button", { name: "Enviar respostas" }).click();

  await expect(page).toHaveURL(/\/bem-estar$/);
  await expect(page.getByRole("heading", { level: 1, name: "Meu bem-estar" })).toBeVisible();
  // (4 + 4 + 3 + 3 + 4) × 4.
  await expect(page.getByTestId("who5-score")).toHaveText("72");
  await expect(page.getByText("no meio do caminho")).toBeVisible();
  await expect(page.getByText(/Você poderá responder de novo a partir de \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Se estiver pesado" })).toHaveCount(0);
  await screenshotScreen(page, info, "who5-score");

  // Back on the Painel the offer is gone until next quarter; a link leads to the page.
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: /Meu bem-estar: veja seu Índice/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Enviar respostas" })).toHaveCount(0);
});

test("a low new index shows the trend and the support card, calmly", async ({ page }, info) => {
  await signInAs(page, people.who5Again);
  const card = page.getByRole("region", { name: "Como você tem se sentido nas últimas duas semanas?" });
  await expect(card.getByText("Eu me senti alegre e de bom humor")).toBeVisible();
  for (const item of [1, 2, 3, 4, 5]) await pick(page, item, 2);
  await card.getByRole("button", { name: "Enviar respostas" }).click();

  await expect(page).toHaveURL(/\/bem-estar$/);
  await expect(page.getByTestId("who5-score")).toHaveText("40");
  const earlier = 4 * WHO5_EARLIER_ANSWER.reduce((sum, value) => sum + value, 0);
  await expect(page.getByText(`Seu índice baixou ${earlier - 40} pontos desde a vez anterior.`)).toBeVisible();
  await expect(page.getByText("mais pesadas")).toBeVisible();
  const support = page.getByRole("region", { name: /Se estiver pesado/ });
  await expect(support).toBeVisible();
  await expect(support.getByRole("link", { name: /CVV: 188/ })).toHaveAttribute("href", "tel:188");
  await expect(support.getByRole("link", { name: "Apoio psicológico" })).toHaveAttribute("href", "/care");
  await expect(support).toContainText("Só você vê esta mensagem");
  const evolution = page.getByRole("region", { name: "Sua evolução" });
  await expect(evolution.getByRole("listitem")).toHaveCount(2);
  await screenshotScreen(page, info, "who5-low", { fullPage: true });
});

test("the WHO-5 consent is given and revoked in Configurações, beside the mood consent", async ({ page }, info) => {
  await signInAs(page, people.who5Settings, "/settings");
  const section = page.getByRole("region", { name: "Privacidade e dados" });
  await expect(section.getByText("Consentimento para dados de bem-estar")).toBeVisible();
  await expect(section.getByText("Você ainda não deu este consentimento.")).toBeVisible();
  await section.getByRole("button", { name: "Dar consentimento para o WHO-5" }).click();
  await expect(
    section.getByText(/Você deu seu consentimento em \d{2}\/\d{2}\/\d{4}.*o Sereno guarda suas respostas ao WHO-5/),
  ).toBeVisible();
  await screenshotScreen(page, info, "who5-settings", { fullPage: true });
  await section.getByRole("button", { name: "Revogar o consentimento do WHO-5" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revogar o consentimento do WHO-5?" });
  await confirm.getByRole("button", { name: "Revogar o consentimento do WHO-5" }).click();
  await expect(section.getByText(/Você revogou este consentimento/)).toBeVisible();
  // Revoked: the Painel does not ask again.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Check-in de hoje" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Como você tem se sentido nas últimas duas semanas?" })).toHaveCount(0);
});
