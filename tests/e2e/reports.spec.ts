import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { addDays, daysBetween, localDay } from "#core/dates.ts";
import { formatDayPtBR } from "#core/format.ts";
import { DEFAULT_TIMEZONE } from "#core/schemas/me.ts";
import { teamMessages } from "#core/team-messages.ts";
import { DEMO_MANAGER, DEMO_PASSWORD, demoMembers } from "#server/seed/demo.ts";
import type { FixturePerson } from "./support/fixtures.ts";
import { BIG_COMPANY, bigManager, people } from "./support/fixtures.ts";
import { afterClosedDaysPublished, applyTheme, signInAs, skipIfTheDayTurned } from "./support/helpers.ts";

const demoManager: FixturePerson = { ...DEMO_MANAGER, password: DEMO_PASSWORD, role: "manager" };
/** A mean's 90 % margin as a range clipped to the scale (docs/decisions/061): 'entre 3,1 e 3,7 numa escala de 1 a 5'. */
const RANGE = /^entre \d,\d e \d,\d numa escala de 1 a 5$/;
const CSV_HEADER =
  "Data;Membros;Check-ins;Participação (%);Humor médio;Energia média;Estresse médio;Exercícios concluídos";

function card(page: Page, name: string) {
  return page.getByRole("group", { name, exact: true });
}

/** 'dd/MM/yyyy a dd/MM/yyyy · N dias', the report's range line. */
function rangeLine(page: Page, days: number) {
  return page.getByText(new RegExp(`\\d{2}/\\d{2}/\\d{4} a \\d{2}/\\d{2}/\\d{4} · ${days} dias$`));
}

/**
 * The days of a period that reaches back past a company's first day: from that day to yesterday
 * (periods are closed days). The fixtures make the company 90 days old on the day the server started, one
 * more if the day has turned since, so the company's first day is read as an admin sees it.
 */
async function companyClosedDays(request: APIRequestContext, origin: string, name: string): Promise<number> {
  // The test's own request context: its cookies are not the page's, which stays the manager's.
  const signIn = await request.post("/api/auth/sign-in/email", {
    headers: { origin },
    data: { email: people.admin.email, password: people.admin.password },
  });
  expect(signIn.ok()).toBe(true);
  // Administração's list is searched and paged (docs/decisions/054): ask for this name.
  const page = await request.get(`/api/admin/companies?q=${encodeURIComponent(name)}`);
  const { items } = (await page.json()) as { items: { name: string; createdAt: string }[] };
  const found = items.find((company) => company.name === name);
  expect(found).toBeDefined();
  const firstDay = localDay(new Date(found?.createdAt ?? ""), DEFAULT_TIMEZONE);
  return daysBetween(firstDay, addDays(localDay(new Date(), DEFAULT_TIMEZONE), -1));
}

test.describe("reports", () => {
  test("a big company's manager sees figures with their margins, the charts, and can switch the period", async ({
    page,
    request,
  }) => {
    skipIfTheDayTurned(); // the big company's check-ins end on the seeded yesterday
    await signInAs(page, bigManager, "/reports");
    // The job publishes the seeded history after the server starts: the tables below count every day of it.
    await afterClosedDaysPublished(page);
    await expect(rangeLine(page, 30)).toBeVisible();
    await expect(card(page, "Participação").getByText(/^\d{1,3},\d%$/)).toBeVisible();
    await expect(card(page, "Participação").getByText(/check-ins? de \d+ membros/)).toBeVisible();
    await expect(card(page, "Humor médio").getByText(RANGE)).toBeVisible();
    await expect(card(page, "Humor médio").getByText(teamMessages.moodHidden)).toHaveCount(0);

    // The drawings load as they come into view (issue 37): the last one, far below, is still its placeholder,
    // while its caption and spoken summary are already there.
    const lastFigure = page.getByRole("figure", { name: "Energia e estresse ao longo do tempo" });
    await expect(lastFigure.getByRole("img")).toHaveAttribute("aria-label", /^Energia e estresse de /);
    await expect(lastFigure.locator('[data-drawing="waiting"]')).toHaveCount(1);
    await expect(lastFigure.locator("svg.recharts-surface")).toHaveCount(0);
    for (const caption of [
      "Participação ao longo do tempo",
      "Humor médio ao longo do tempo",
      "Energia e estresse ao longo do tempo",
    ]) {
      const figure = page.getByRole("figure", { name: caption });
      await figure.scrollIntoViewIfNeeded();
      await expect(figure).toBeVisible();
      await expect(figure.getByRole("img")).toHaveAttribute(
        "aria-label",
        /de \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}/,
      );
      await expect(figure.locator("svg.recharts-surface").first()).toBeVisible();
    }
    await expect(
      page.getByText(/Um dia fica oculto quando menos de cerca de \d+ membros que contam responderam/),
    ).toBeVisible();
    await expect(page.getByText(/Os números cobrem só dias já encerrados, até ontem/)).toBeVisible();

    const participation = page.getByRole("figure", { name: "Participação ao longo do tempo" });
    await participation.getByRole("button", { name: "Ver dados" }).click();
    await expect(participation.getByRole("table").locator("tbody tr")).toHaveCount(30);
    await participation.getByRole("button", { name: "Ocultar dados" }).click();
    await expect(participation.getByRole("table")).toBeHidden();

    // Energy and stress (docs/decisions/023): two lines with a pt-BR legend and period means, a day table.
    const energyStress = page.getByRole("figure", { name: "Energia e estresse ao longo do tempo" });
    await expect(energyStress.getByText(/^Energia \(média de 7 dias\) · no período:/)).toBeVisible();
    await expect(energyStress.getByText(/^Estresse \(média de 7 dias\) · no período:/)).toBeVisible();
    await expect(energyStress.getByText("Dia oculto (poucas respostas)")).toBeVisible();
    await expect(energyStress.locator("li strong").first()).toHaveText(/^entre \d,\d e \d,\d$/);
    await expect(energyStress.locator("path.recharts-curve[stroke-dasharray='6 4']")).toBeVisible();
    await energyStress.getByRole("button", { name: "Ver dados" }).click();
    const energyTable = energyStress.getByRole("table");
    await expect(energyTable.getByRole("columnheader", { name: "Energia do dia" })).toBeVisible();
    await expect(energyTable.getByRole("columnheader", { name: "Estresse (7 dias)" })).toBeVisible();
    await expect(energyTable.locator("tbody tr")).toHaveCount(30);
    await expect(energyTable.getByRole("cell", { name: /^\d,\d\/5$/ }).first()).toBeVisible();

    const week = page.getByRole("radio", { name: "Últimos 7 dias" });
    await week.click();
    await expect(week).toHaveAttribute("aria-checked", "true");
    await expect(rangeLine(page, 7)).toBeVisible();
    await expect(page).toHaveURL(/periodo=7d/);

    // The period picker is a radio group: arrows move between periods.
    // (Radix moves focus on the next tick, so the key is held as a person would, not tapped in 0 ms.)
    const month = page.getByRole("radio", { name: "Últimos 30 dias" });
    await week.focus();
    await page.keyboard.down("ArrowRight");
    await expect(month).toBeFocused();
    await page.keyboard.up("ArrowRight");
    await expect(month).toHaveAttribute("aria-checked", "true");
    await expect(rangeLine(page, 30)).toBeVisible();

    // The big company is about 90 days old: a period never starts before its first day.
    await page.getByRole("radio", { name: "Últimos 90 dias" }).click();
    const origin = new URL(page.url()).origin;
    await expect(rangeLine(page, await companyClosedDays(request, origin, BIG_COMPANY.name))).toBeVisible();
  });

  test("energy and stress read in light and dark, on desktop and at 390 px", async ({ page }) => {
    // Still drawings: the lines are whole when the picture is taken.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signInAs(page, bigManager, "/reports");
    const figure = page.getByRole("figure", { name: "Energia e estresse ao longo do tempo" });
    await figure.scrollIntoViewIfNeeded();
    await expect(figure.locator("path.recharts-curve[stroke-dasharray='6 4']")).toBeVisible();
    for (const theme of ["light", "dark"] as const) {
      await applyTheme(page, theme === "dark");
      for (const [name, width, height] of [
        ["desktop", 1280, 900],
        ["390", 390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await expect(figure.getByText("Dia oculto (poucas respostas)")).toBeVisible();
        // The chart fits the screen: no sideways scrolling at 390 px.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await figure.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/reports/reports-${theme}-${name}.png`, fullPage: true });
        await figure.screenshot({ path: `test-results/reports/energy-stress-${theme}-${name}.png` });
      }
    }
  });

  test("'Exportar CSV' downloads one aggregate row per day of the period", async ({ page }) => {
    skipIfTheDayTurned(); // every closed day has check-ins only up to the seeded yesterday
    await signInAs(page, bigManager, "/reports");
    await expect(rangeLine(page, 30)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("relatorio-empresa-grande-30d.csv");
    const csv = await readFile(await download.path(), "utf8");

    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    const [header, ...rows] = csv.slice(1, -2).split("\r\n");
    expect(header).toBe(CSV_HEADER);
    expect(rows).toHaveLength(30);

    const today = localDay(new Date(), "America/Sao_Paulo");
    // Whole closed days, ending yesterday.
    const expectedDays = Array.from({ length: 30 }, (_, i) => formatDayPtBR(addDays(today, i - 30)));
    expect(rows.map((row) => row.split(";")[0])).toEqual(expectedDays);
    for (const row of rows) {
      const fields = row.split(";");
      expect(fields).toHaveLength(8);
      expect(fields[3]).toMatch(/^\d{1,3},\d$/);
      for (const scale of fields.slice(4, 7)) expect(scale).toMatch(/^(\d,\d)?$/);
      expect(row).not.toContain("@");
      for (const name of ["Gerusa", "Pessoa Grande"]) expect(row).not.toContain(name);
    }
  });

  test("a manager watching /reports while members check in sees no figure move", async ({ page, request }) => {
    await signInAs(page, demoManager, "/reports?periodo=7d");
    // A day published between the two reads would move the figures: none may be left to prepare.
    await afterClosedDaysPublished(page);
    await expect(rangeLine(page, 7)).toBeVisible();
    // The demo company is small: its mood, energy and stress are by closed month (the charts say so, with no empty
    // frame, docs/decisions/061); its days' participation is the day-by-day table.
    const participationFigure = page.getByRole("figure", { name: "Participação ao longo do tempo" });
    await participationFigure.getByRole("button", { name: "Ver dados" }).click();
    const table = participationFigure.getByRole("table");
    const before = await table.textContent();
    const averageBefore = await card(page, "Humor médio").textContent();
    const months = page.getByRole("region", { name: "Humor por mês" });
    const monthsBefore = await months.textContent();
    await expect(page.getByRole("figure", { name: "Humor médio ao longo do tempo" })).toHaveCount(0);

    // Two people answer today, one with the lowest mood.
    const headers = { origin: new URL(page.url()).origin };
    for (const [i, person] of demoMembers.slice(0, 2).entries()) {
      const signIn = await request.post("/api/auth/sign-in/email", {
        data: { email: person.email, password: DEMO_PASSWORD },
        headers,
      });
      expect(signIn.ok()).toBe(true);
      const checkIn = await request.post("/api/check-ins", {
        data: { mood: i === 0 ? 1 : 5, energy: i === 0 ? 1 : 5, stress: i === 0 ? 5 : 1 },
        headers,
      });
      expect([201, 409]).toContain(checkIn.status());
      await request.post("/api/auth/sign-out", { data: {}, headers });
    }

    await page.reload();
    await expect(rangeLine(page, 7)).toBeVisible();
    await participationFigure.getByRole("button", { name: "Ver dados" }).click();
    expect(await table.textContent()).toBe(before);
    expect(await card(page, "Humor médio").textContent()).toBe(averageBefore);
    expect(await months.textContent()).toBe(monthsBefore);
    const today = formatDayPtBR(localDay(new Date(), "America/Sao_Paulo"));
    await expect(table.getByText(today)).toHaveCount(0);
  });

  test("an admin chooses the company and sees its figures", async ({ page }) => {
    await signInAs(page, people.admin);
    await page.goto("/reports");
    const picker = page.getByLabel("Empresa", { exact: true });
    await expect(picker).toBeVisible();
    await picker.selectOption({ label: BIG_COMPANY.name });
    await expect(page).toHaveURL(/empresa=/);
    await expect(page.getByText(new RegExp(`^${BIG_COMPANY.name} ·`))).toBeVisible();
    await expect(rangeLine(page, 30)).toBeVisible();
    await expect(card(page, "Humor médio").getByText(RANGE)).toBeVisible();
    await expect(page.getByRole("figure", { name: "Participação ao longo do tempo" })).toBeVisible();
  });

  test("printed, the report shows its company, period and generation date, and no menu, tabs or buttons", async ({
    page,
  }) => {
    await signInAs(page, demoManager, "/reports");
    await expect(rangeLine(page, 30)).toBeVisible();
    const printHeader = page.getByTestId("print-header");
    await expect(printHeader).toBeHidden();

    await page.evaluate(() => document.documentElement.classList.add("dark"));
    await page.emulateMedia({ media: "print" });
    await expect(printHeader).toBeVisible();
    await expect(printHeader).toContainText("Empresa Demo");
    const yesterday = addDays(localDay(new Date(), "America/Sao_Paulo"), -1);
    await expect(printHeader).toContainText(
      `Período: ${formatDayPtBR(addDays(yesterday, -29))} a ${formatDayPtBR(yesterday)} (30 dias)`,
    );
    await expect(printHeader).toContainText(/Gerado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(page.getByRole("navigation", { name: "Menu lateral" })).toBeHidden();
    await expect(page.getByRole("radiogroup", { name: "Período do relatório" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Exportar CSV" })).toBeHidden();
    await expect(page.getByRole("button", { name: /^Usar tema/ })).toBeHidden();
    expect(await page.locator("button:visible").count()).toBe(0);
    await expect(page.getByRole("figure", { name: "Participação ao longo do tempo" })).toBeVisible();
    // Paper is white: the text is dark even when the screen uses the dark theme.
    const color = await page.locator("body").evaluate((body) => getComputedStyle(body).color);
    expect(color).toBe("rgb(22, 48, 45)");
  });

  test("a member opening /reports is sent to the dashboard", async ({ page }) => {
    await signInAs(page, people.member);
    await page.goto("/reports");
    await expect(page).toHaveURL("/dashboard");
  });
});

test.describe("appointments", () => {
  test("shows the company's care usage per month, in counts only (tests/e2e/care.spec.ts walks the journey)", async ({
    page,
  }) => {
    await signInAs(page, people.manager, "/appointments");
    await expect(page.getByRole("heading", { name: "Consultas", level: 1 })).toBeVisible();
    await expect(page.getByText("Ainda não há números para mostrar.")).toBeVisible();
  });
});
