/**
 * Canal de escuta (issue 35): a member reports anonymously and receives a
 * protocol and a secret; a handler replies; the member reads the reply
 * signed out, in another browser context, with protocol and secret; the
 * handler the member kept out never sees the case; a manager who is not a
 * handler sees only the quarters' counts. A handler's inbox is an entry of its own in the menu, with the
 * count of cases no handler has opened (issue 45, docs/decisions/067).
 */
import { expect, type Page, test } from "@playwright/test";
import { LISTENING_UNOPENED_CASE, listeningPeople } from "./support/fixtures.ts";
import { clickMenuEntry, screenshotScreen, signInAs } from "./support/helpers.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let protocol = "";
let secret = "";
let caseUrl = "";
const REPLY = "Recebemos seu relato e vamos apurar com cuidado.";
/** The inbox entry as a screen reader names it: its label, then the count ('1 caso novo'). */
const NEW_ONE = /^Casos do canal de escuta\W+1 caso novo$/;

async function openInbox(page: Page) {
  await page.goto("/escuta/casos");
  await expect(page.getByRole("heading", { level: 1, name: "Casos do canal de escuta" })).toBeVisible();
}

test("a member reports anonymously, is warned about a name and gets a protocol and a secret", async ({
  page,
}, info) => {
  await signInAs(page, listeningPeople.reporter);
  await clickMenuEntry(page, "Canal de escuta", "Apoio");
  await expect(page).toHaveURL("/escuta");
  await page.getByLabel("Denúncia").check();
  await page.getByLabel("Categoria").selectOption({ label: "Assédio moral" });
  const text = page.getByLabel("Sua mensagem");
  await text.fill("Na reunião de segunda o coordenador Carlos Mendes gritou comigo na frente de todos.");
  await expect(page.getByText("Seu texto pode identificar alguém")).toBeVisible();
  await page.getByLabel("Hugo Afastado").check();
  await screenshotScreen(page, info, "escuta-escrever", { fullPage: true });
  await page.getByRole("button", { name: "Ocultar esses dados" }).click();
  await expect(text).toHaveValue("Na reunião de segunda o coordenador [nome] gritou comigo na frente de todos.");
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByRole("heading", { name: "Recebemos sua mensagem" })).toBeVisible();
  protocol = (await page.getByTestId("escuta-protocolo").textContent())?.trim() ?? "";
  secret = (await page.getByTestId("escuta-senha").textContent())?.trim() ?? "";
  expect(protocol).toMatch(/^ESC-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  expect(secret).toMatch(/^([A-Z0-9]{4}-){3}[A-Z0-9]{4}$/);
  await screenshotScreen(page, info, "escuta-protocolo");
});

test("a handler's inbox has its own menu entry counting the cases no one opened yet, on a phone too", async ({
  page,
}, info) => {
  await signInAs(page, listeningPeople.handler);
  const menu = page.getByRole("navigation", { name: "Menu lateral" });
  // Yesterday's unopened case counts; today's, just written, waits for tomorrow (decision 067).
  const withCount = menu.getByRole("link", { name: NEW_ONE });
  await expect(withCount).toBeVisible();
  // At the top level: no group to open first.
  await expect(menu.getByRole("button", { name: "Apoio", exact: true })).toHaveAttribute("aria-expanded", "false");
  await screenshotScreen(page, info, "escuta-menu-contagem");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("navigation", { name: "Menu inferior" }).getByRole("button", { name: "Mais" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("link", { name: NEW_ONE })).toBeVisible();
  await page.screenshot({ path: info.outputPath("escuta-menu-gaveta-390-light.png") });
  await drawer.getByRole("link", { name: NEW_ONE }).click();
  await expect(page).toHaveURL("/escuta/casos");
  await expect(drawer).toHaveCount(0);
  await page.getByRole("link", { name: new RegExp(LISTENING_UNOPENED_CASE.protocol) }).click();
  await expect(page.getByText(LISTENING_UNOPENED_CASE.body)).toBeVisible();

  // Opened: no longer new, for her or any other handler.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menu.getByRole("link", { name: "Casos do canal de escuta", exact: true })).toBeVisible();
  await expect(withCount).toHaveCount(0);
});

test("a handler opens the case, sees it is anonymous and replies", async ({ page }, info) => {
  await signInAs(page, listeningPeople.handler);
  await openInbox(page);
  await page.getByRole("link", { name: new RegExp(protocol) }).click();
  await expect(page.getByText("Anônimo", { exact: true })).toBeVisible();
  await expect(page.getByText("[nome] gritou comigo")).toBeVisible();
  caseUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  await page.getByLabel("Resposta para a pessoa").fill(REPLY);
  await page.getByRole("button", { name: "Enviar resposta" }).click();
  await expect(page.getByText(REPLY)).toBeVisible();
  await page.getByLabel("Situação").selectOption({ label: "Em apuração" });
  await expect(page.getByText("Caso atualizado.")).toBeVisible();
  // The deadline, typed as people write it, saves itself once the day is whole, and reads back so.
  const deadline = page.getByLabel("Prazo", { exact: true });
  const saved = page.waitForResponse((response) => response.request().method() === "PATCH");
  await deadline.pressSequentially("15122099");
  expect((await saved).request().postDataJSON()).toEqual({ deadlineOn: "2099-12-15" });
  await page.reload();
  await expect(page.getByLabel("Prazo", { exact: true })).toHaveValue("15/12/2099");
  await screenshotScreen(page, info, "escuta-caso", { fullPage: true });
});

test("the member reads the reply signed out, with protocol and secret only", async ({ browser }, info) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/escuta/acompanhar");
  await page.getByLabel("Protocolo").fill(protocol.toLowerCase());
  await page.getByLabel("Senha do caso").fill("AAAA-AAAA-AAAA-AAAA");
  await page.getByRole("button", { name: "Abrir caso" }).click();
  await expect(page.getByText("Não encontramos um caso com esse protocolo e essa senha.")).toBeVisible();
  await page.getByLabel("Senha do caso").fill(secret);
  await page.getByRole("button", { name: "Abrir caso" }).click();
  await expect(page.getByText(REPLY)).toBeVisible();
  await expect(page.getByText("Em apuração")).toBeVisible();
  await page.getByLabel("Responder").fill("Obrigada. Posso contar mais detalhes se precisarem.");
  await page.getByRole("button", { name: "Enviar resposta" }).click();
  await expect(page.getByText("Posso contar mais detalhes")).toBeVisible();
  await screenshotScreen(page, info, "escuta-acompanhar", { fullPage: true });
  await context.close();
});

test("the handler the member kept out never sees the case", async ({ page }) => {
  await signInAs(page, listeningPeople.excluded);
  await openInbox(page);
  await expect(page.getByText(protocol)).toHaveCount(0);
  await page.goto(caseUrl);
  await expect(page.getByText("Não foi possível carregar o caso")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(REPLY)).toHaveCount(0);
});

test("a manager who is not a handler sees the quarters' counts and no case", async ({ page }) => {
  await signInAs(page, listeningPeople.manager);
  await page.goto("/reports");
  const figures = page.getByRole("region", { name: "Canal de escuta por trimestre" });
  // The report's own figures load beside it: on a busy machine the first reads take a while.
  await expect(figures.getByRole("table")).toBeVisible({ timeout: 45_000 });
  await expect(figures.getByRole("row", { name: /Assédio moral/ })).toBeVisible();
  await expect(page.getByText(protocol)).toHaveCount(0);
  await page.goto("/escuta");
  await expect(page.getByRole("link", { name: "Casos recebidos" })).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Menu lateral" }).getByRole("link", { name: /Casos do canal de escuta/ }),
  ).toHaveCount(0);
  await openInbox(page);
  // Not a load error: who handles cases, and where the counts are (decision 052).
  await expect(page.getByRole("link", { name: "Ver os números do trimestre em Relatórios" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(protocol)).toHaveCount(0);
});
