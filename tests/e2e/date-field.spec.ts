/**
 * The pt-BR date field (issue 36 item 10, docs/decisions/053) in a browser set to American
 * English, where a native date input reads mm/dd/yyyy: an admin filters the Registro de
 * acessos by a day typed as dd/mm/aaaa and another picked from the calendar by keyboard.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { people } from "./support/fixtures.ts";
import { screenshotScreen, signInAs } from "./support/helpers.ts";

test.use({ locale: "en-US" });

const months = "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro".split(" ");
/** A day in São Paulo (the browser's zone here), `offset` days from today, as yyyy-mm-dd. */
const isoDay = (offset = 0) =>
  new Date(Date.now() + offset * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "America/Sao_Paulo" });
const ptBR = (iso: string) => iso.split("-").reverse().join("/");
const monthTitle = (iso: string) => {
  const name = months[Number(iso.slice(5, 7)) - 1] ?? "";
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${iso.slice(0, 4)}`;
};
/** How the calendar says a day: '12 de novembro de 2026', and the first of a month as Portuguese writes it, '1º de março'. */
const spoken = (iso: string) => {
  const date = Number(iso.slice(8));
  return `${date === 1 ? "1º" : date} de ${months[Number(iso.slice(5, 7)) - 1]} de ${iso.slice(0, 4)}`;
};

test("an admin types one day and picks another by keyboard, in pt-BR whatever the browser's language", async ({
  page,
}) => {
  const today = isoDay();
  const yesterday = isoDay(-1);
  await signInAs(page, people.admin, "/admin/auditoria");
  const filters = page.getByRole("form", { name: "Filtros do registro" });
  const from = filters.getByLabel("De", { exact: true });
  const to = filters.getByLabel("Até", { exact: true });
  await expect(from).toHaveAttribute("placeholder", "dd/mm/aaaa");

  // A day that does not exist is explained next to the field, and nothing is sent.
  await from.pressSequentially("31022026");
  await expect(from).toHaveValue("31/02/2026");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(filters.getByText("31/02/2026 não existe no calendário. Confira o dia e o mês.")).toBeVisible();
  await expect(from).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL("/admin/auditoria");

  // A pasted ISO day reads as dd/mm/aaaa; then yesterday, typed digit by digit.
  await from.fill("2026-11-12");
  await expect(from).toHaveValue("12/11/2026");
  await from.fill("");
  await from.pressSequentially(ptBR(yesterday).replaceAll("/", ""));
  await expect(from).toHaveValue(ptBR(yesterday));
  await expect(from).not.toHaveAttribute("aria-invalid", "true");

  // 'Até' from the calendar: it opens on today, in Portuguese, the week from Sunday.
  const opener = to.locator("..").getByRole("button", { name: "Escolher data" });
  await opener.click();
  const calendar = page.getByRole("dialog", { name: "Calendário" });
  await expect(calendar.getByText(monthTitle(today), { exact: true })).toBeVisible();
  await expect(calendar.getByRole("columnheader").first()).toHaveAccessibleName("domingo");
  const todayButton = calendar.getByRole("button", { name: `${spoken(today)}, hoje` });
  await expect(todayButton).toHaveAttribute("aria-current", "date");
  await expect(todayButton).toBeFocused();
  await screenshotScreen(page, test.info(), "date-field-calendar");
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations).toEqual([]);

  // Esc closes it and gives focus back to its button.
  await page.keyboard.press("Escape");
  await expect(calendar).toBeHidden();
  await expect(opener).toBeFocused();

  // By keyboard: a month on and back, a week down and up, a day back: yesterday, picked with Enter.
  await page.keyboard.press("Enter");
  await expect(calendar).toBeVisible();
  await expect(todayButton).toBeFocused();
  await page.keyboard.press("PageDown");
  const nextMonth = new Date(`${today.slice(0, 7)}-15T12:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  await expect(calendar.getByText(monthTitle(nextMonth.toISOString().slice(0, 10)), { exact: true })).toBeVisible();
  await page.keyboard.press("PageUp");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await expect(todayButton).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(calendar.getByRole("button", { name: spoken(yesterday), exact: true })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(calendar).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(to).toHaveValue(ptBR(today));

  // The filter the API gets is the two ISO days, and every row shown falls between them.
  const request = page.waitForRequest((sent) => sent.url().includes("/api/admin/audit?"));
  await filters.getByRole("button", { name: "Filtrar" }).click();
  const query = new URL((await request).url()).searchParams;
  expect([query.get("from"), query.get("to")]).toEqual([yesterday, today]);
  await expect(page).toHaveURL(new RegExp(`from=${yesterday}.*to=${today}`));
  const dates = page.getByRole("table").getByRole("row").locator("td:first-child");
  await expect(dates.first()).toBeVisible();
  for (const shown of await dates.allTextContents()) {
    expect([ptBR(yesterday), ptBR(today)]).toContain(shown.slice(0, 10));
  }

  // Reopened, the calendar marks the chosen day.
  await opener.click();
  await expect(todayButton).toHaveAttribute("aria-pressed", "true");
});
