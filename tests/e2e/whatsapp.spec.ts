/**
 * The check-in by WhatsApp (issue 50, docs/decisions/092) in a browser, against the local stand-in for
 * Meta's Cloud API (tests/whatsapp/fake-cloud-api.ts, started by support/server.ts): the admin connects
 * the company's number, the member opts in with the code WhatsApp delivers, receives the reminder
 * template, follows its button into the check-in, and leaves by answering 'PARAR'.
 */
import { expect, type Page, test } from "@playwright/test";
import { localClock } from "#core/reminders.ts";
import { whatsappMessages } from "#core/whatsapp-messages.ts";
import type { SentMessage } from "#tests/whatsapp/fake-cloud-api.ts";
import { inboundText, signedDelivery } from "#tests/whatsapp/fake-cloud-api.ts";
import { E2E_PORT } from "../../playwright.config.ts";
import { people, WHATSAPP_COMPANY, whatsappApiPort, whatsappMember } from "./support/fixtures.ts";
import { openCompany, signInAs } from "./support/helpers.ts";

const CLOUD_API = `http://127.0.0.1:${whatsappApiPort(E2E_PORT)}`;
const PHONE_NUMBER_ID = "106540352242922";
const APP_SECRET = "segredo-do-app-e2e";
const PHONE = "5511955554444";
const SHOTS = "/work/shots";

const hhmm = (minute: number) =>
  `${String(Math.floor((minute % 1440) / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

async function sentTo(phone: string): Promise<SentMessage[]> {
  const all = (await (await fetch(`${CLOUD_API}/_sent`)).json()) as SentMessage[];
  return all.filter((message) => message.to === phone);
}

/** Polls the stand-in until a message to PHONE matches (the reminder sweep runs each minute). */
async function waitForMessage(match: (message: SentMessage) => boolean, timeout = 150_000): Promise<SentMessage> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await sentTo(PHONE)).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error("no such WhatsApp message");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.screenshot({ path: `${SHOTS}/f-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a member opts in to WhatsApp, gets the reminder, follows it to the check-in and leaves with 'PARAR'", async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  // The admin connects the company's number and makes every day a working day (the journey may run on a Sunday).
  await signInAs(page, people.admin, "/admin");
  const card = await openCompany(page, WHATSAPP_COMPANY.name);
  const section = card.getByRole("region", { name: `Lembretes por WhatsApp da ${WHATSAPP_COMPANY.name}` });
  await section.getByRole("button", { name: "Lembretes por WhatsApp" }).click();
  await section.getByLabel("ID do número de telefone").fill(PHONE_NUMBER_ID);
  await section.getByLabel("Token de acesso").fill("EAAG-token-e2e");
  await section.getByLabel("Chave secreta do app").fill(APP_SECRET);
  await section.getByRole("button", { name: "Conectar WhatsApp" }).click();
  await expect(page.getByText(whatsappMessages.saved)).toBeVisible();
  const webhookUrl = await section.getByRole("textbox", { name: "URL de retorno (webhook)", exact: true }).inputValue();
  expect(webhookUrl).toMatch(/\/api\/whatsapp\/webhook\/[0-9a-f-]{36}$/);
  for (const day of ["Sábado", "Domingo"]) {
    const button = section.getByRole("button", { name: day, exact: true });
    if ((await button.getAttribute("aria-pressed")) !== "true") await button.click();
  }
  await section.getByRole("button", { name: "Salvar dias" }).click();
  await expect(page.getByText("Dias de trabalho salvos.")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await section.screenshot({ path: `${SHOTS}/f-admin-whatsapp-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // The member opts in: the opt-in names Sereno and what is sent; the code comes by WhatsApp.
  const member = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const memberPage = await member.newPage();
  await signInAs(memberPage, whatsappMember, "/settings");
  await memberPage.getByRole("switch", { name: "WhatsApp" }).click();
  await expect(memberPage.getByText(/o Sereno envia ao seu WhatsApp um lembrete por dia/)).toBeVisible();
  await memberPage.getByLabel("Seu número de WhatsApp, com DDD").fill("(11) 9555");
  await memberPage.getByRole("button", { name: "Enviar código" }).click();
  await expect(memberPage.getByText(whatsappMessages.numberInvalid)).toBeVisible();
  await memberPage.getByLabel("Seu número de WhatsApp, com DDD").fill("(11) 95555-4444");
  await memberPage.getByRole("button", { name: "Enviar código" }).click();
  const codeMessage = await waitForMessage((message) => message.type === "template", 10_000);
  const code = (codeMessage.body.template as { components: Array<{ parameters: Array<{ text: string }> }> })
    .components[0]?.parameters[0]?.text as string;
  await shoot(memberPage, "settings-whatsapp-code");
  await memberPage.getByLabel("Código recebido no WhatsApp").fill(code);
  await memberPage.getByRole("button", { name: "Confirmar número" }).click();
  await expect(memberPage.getByText(whatsappMessages.confirmed)).toBeVisible();
  await expect(memberPage.getByRole("switch", { name: "WhatsApp" })).toBeChecked();
  await expect(memberPage.getByText("+55 11 •••••-4444")).toBeVisible();
  await shoot(memberPage, "settings-whatsapp-on");

  // A reminder at this minute, today chosen, the quiet hours away from now.
  const form = memberPage.getByRole("form", { name: "Horário do lembrete" });
  const now = localClock(new Date(), "America/Sao_Paulo");
  await form.getByLabel("Horário", { exact: true }).fill(hhmm(now.minute));
  const weekdays = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
  const today = form.getByRole("button", { name: weekdays[now.weekday], exact: true });
  if ((await today.getAttribute("aria-pressed")) !== "true") await today.click();
  await form.getByLabel("Silêncio a partir de").fill(hhmm(now.minute + 180));
  await form.getByLabel("até", { exact: true }).fill(hhmm(now.minute + 240));
  await form.getByRole("button", { name: "Salvar horários" }).click();
  await expect(form.getByRole("status")).toBeVisible();

  const reminder = await waitForMessage(
    (message) => (message.body.template as { name?: string } | undefined)?.name === "sereno_lembrete_checkin",
  );
  const button = (reminder.body.template as { components: Array<{ parameters: Array<{ text: string }> }> })
    .components[0]?.parameters[0]?.text as string;
  // The template's URL button is the app's address plus this suffix; the link signs nobody in.
  const appUrl = `http://localhost:${E2E_PORT}`;
  const stranger = await browser.newPage();
  await stranger.goto(`${appUrl}/${button}`);
  await expect(stranger).toHaveURL(/\/login/);
  await stranger.close();
  await memberPage.goto(`${appUrl}/${button}`);
  await expect(memberPage).toHaveURL(/\/check-ins\?origem=whatsapp/);
  await memberPage.getByRole("radio", { name: "Bom" }).click();
  await shoot(memberPage, "checkin-from-whatsapp");

  // 'PARAR' in the chat: Meta's signed webhook; the number leaves at once and the leaving is confirmed.
  const { body, headers } = signedDelivery(APP_SECRET, inboundText(PHONE_NUMBER_ID, PHONE, "PARAR"));
  const unsigned = await fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body });
  expect(unsigned.status).toBe(401);
  const delivered = await fetch(webhookUrl, { method: "POST", headers, body });
  expect(delivered.status).toBe(200);
  const goodbye = await waitForMessage((message) => message.type === "text", 60_000);
  expect((goodbye.body.text as { body: string }).body).toContain("não vai mais receber lembretes do Sereno");
  await memberPage.goto("/settings");
  await expect(memberPage.getByRole("switch", { name: "WhatsApp" })).not.toBeChecked();
  await member.close();

  // The admin disconnects the number: asked first (Esc keeps it), then it is gone and can be connected again.
  await section.getByRole("button", { name: "Desconectar", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: whatsappMessages.confirmRemove });
  await expect(dialog).toContainText("passa a receber pelo app ou por e-mail");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${SHOTS}/f-admin-whatsapp-disconnect-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(section.getByRole("button", { name: "Salvar WhatsApp" })).toBeVisible();
  await section.getByRole("button", { name: "Desconectar", exact: true }).click();
  await dialog.getByRole("button", { name: "Desconectar WhatsApp" }).click();
  await expect(page.getByText(whatsappMessages.removed)).toBeVisible();
  await expect(section.getByRole("button", { name: "Conectar WhatsApp" })).toBeVisible();
  await expect(section.getByRole("textbox", { name: "URL de retorno (webhook)", exact: true })).toHaveCount(0);
});

test("a manager reads the reminders' reach by channel on /reports, in aggregate only", async ({ page }) => {
  await signInAs(page, people.manager, "/reports");
  const card = page.getByRole("region", { name: "Lembretes por canal", exact: true });
  await expect(card.getByRole("rowheader", { name: "WhatsApp" })).toBeVisible();
  await expect(card.getByRole("columnheader")).toHaveCount(4);
  await expect(card).not.toContainText("@");
  await card.scrollIntoViewIfNeeded();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await card.screenshot({ path: `${SHOTS}/f-reports-reach-${width}.png` });
  }
});
