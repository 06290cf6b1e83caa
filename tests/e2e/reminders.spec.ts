import { expect, test } from "@playwright/test";
import { localClock } from "#core/reminders.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { MAIL_API_PORT } from "../../playwright.config.ts";
import { people } from "./support/fixtures.ts";
import { countMails, linkIn, type SentMail, signInAs } from "./support/helpers.ts";

const MINUTES_PER_DAY = 1440;
const hhmm = (minute: number) =>
  `${String(Math.floor((minute % 1440) / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** The reminder sweep runs every minute and the runner polls every 30 s: up to about 90 s. */
async function waitForReminder(to: string): Promise<SentMail> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/mails?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as SentMail[];
    const reminder = mails.find((mail) => mail.raw.includes("lembrete de check-in"));
    if (reminder) return reminder;
    if (Date.now() > deadline) throw new Error(`no reminder to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

test("a member sets the reminder time, receives the reminder and unsubscribes from its link", async ({ page }) => {
  test.setTimeout(420_000);
  const person = people.reminded;
  // A reminder is due within its own local day (core/reminders.ts): in the minutes before midnight the
  // sweep could find the weekday already turned, so the test waits for the new day there.
  const untilMidnight = MINUTES_PER_DAY - localClock(new Date(), "America/Sao_Paulo").minute;
  if (untilMidnight <= 3) await new Promise((resolve) => setTimeout(resolve, untilMidnight * 60_000 + 5_000));
  await signInAs(page, person, "/settings");
  const form = page.getByRole("form", { name: "Horário do lembrete" });
  const now = localClock(new Date(), "America/Sao_Paulo");
  // A reminder at this very minute, today selected, and quiet hours away from now.
  await form.getByLabel("Horário", { exact: true }).fill(hhmm(now.minute));
  const weekdays = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
  const today = form.getByRole("button", { name: weekdays[now.weekday], exact: true });
  if ((await today.getAttribute("aria-pressed")) !== "true") await today.click();
  await expect(today).toHaveAttribute("aria-pressed", "true");
  await form.getByLabel("Silêncio a partir de").fill(hhmm(now.minute + 180));
  await form.getByLabel("até", { exact: true }).fill(hhmm(now.minute + 240));
  await form.getByRole("button", { name: "Salvar horários" }).click();
  await expect(form.getByRole("status").filter({ hasText: settingsMessages.settingsSaved })).toBeVisible();

  const mail = await waitForReminder(person.email);
  const headers = mail.raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
  expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  expect(headers).toMatch(/List-Unsubscribe: <http:\/\/localhost:\d+\/api\/unsubscribe\?lista=lembretes&/);
  expect(await countMails(person.email)).toBe(1);

  // The link works without signing in.
  await page.context().clearCookies();
  await page.goto(linkIn(mail.raw, "/descadastrar"));
  await expect(page.getByRole("heading", { name: "Parar os lembretes de check-in?" })).toBeVisible();
  await page.getByRole("button", { name: "Parar lembretes" }).click();
  await expect(page.getByRole("status")).toContainText("Pronto: você não vai mais receber lembretes de check-in.");

  await signInAs(page, person, "/settings");
  await expect(page.getByRole("switch", { name: "Lembretes de check-in" })).not.toBeChecked();
});

test("a forged unsubscribe link says so in pt-BR and changes nothing", async ({ page }) => {
  await page.goto("/descadastrar?lista=lembretes&u=alguem&t=forjado");
  await page.getByRole("button", { name: "Parar lembretes" }).click();
  await expect(page.getByRole("alert")).toContainText(settingsMessages.unsubscribeInvalid);
});
