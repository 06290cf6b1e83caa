/**
 * The member's daily loop (docs/decisions/023): the streak bonus before and
 * after the check-in, energy and stress in the calendar's day, and the
 * private support card.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { localDay } from "#core/dates.ts";
import { people } from "./support/fixtures.ts";
import { signInAs, skipIfTheDayTurned, spokenDay } from "./support/helpers.ts";

const shots = "test-results/daily-loop";

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(" ")) }));
}

async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${shots}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a member on a run sees the streak bonus before and after the check-in, with energy and stress in the day", async ({
  page,
}) => {
  // server.ts gave `streaker` check-ins on the 3 days before today: today is the 4th.
  skipIfTheDayTurned();
  await signInAs(page, people.streaker);
  // One of playwright.config.ts's MOTION_JOURNEYS: the page as it ships, animations on.
  expect(await page.evaluate(() => matchMedia("(prefers-reduced-motion: no-preference)").matches)).toBe(true);
  await expect(page.getByText("Hoje: +50 XP, +30 de sequência.")).toBeVisible();
  await page.getByRole("link", { name: "Fazer check-in" }).click();
  await expect(page).toHaveURL("/check-ins");

  await expect(page.getByText("Hoje: +50 XP, +30 de sequência (4º dia seguido)")).toBeVisible();
  const submit = page.getByRole("button", { name: "Fazer check-in (+80 XP)" });
  await page.getByRole("radio", { name: "Bom" }).click();
  await page.getByRole("radio", { name: "Energia: Boa" }).click();
  // Skippable: a choice can be taken back.
  await page.getByRole("radio", { name: "Estresse: Muito alto" }).click();
  await expect(page.getByRole("radio", { name: "Estresse: Muito alto" })).toBeChecked();
  await page
    .getByRole("group", { name: /Estresse/ })
    .getByRole("button", { name: "Pular" })
    .click();
  await expect(page.getByRole("radio", { name: "Estresse: Muito alto" })).not.toBeChecked();
  await page.getByRole("radio", { name: "Estresse: Alto" }).click();
  await screenshots(page, "check-in");
  expect(await seriousViolations(page)).toEqual([]);

  await submit.click();
  await expect(
    page.getByText("Check-in realizado! Você ganhou +50 XP, +30 de sequência (4 dias seguidos)."),
  ).toBeVisible();
  await expect(page.getByText("Check-in de hoje feito! +50 XP, +30 de sequência")).toBeVisible();
  await expect(page.getByText("Energia: Boa · Estresse: Alto")).toBeVisible();
  await screenshots(page, "check-in-done");

  const today = localDay(new Date(), "America/Sao_Paulo");
  await page.getByRole("button", { name: `${spokenDay(today)}: Bom` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Você respondeu: Bom")).toBeVisible();
  await expect(dialog.getByRole("definition").filter({ hasText: "4 · Boa" })).toBeVisible();
  await expect(dialog.getByRole("definition").filter({ hasText: "4 · Alto" })).toBeVisible();
  await page.screenshot({ path: `${shots}/day-dialog-desktop.png` });
  await page.keyboard.press("Escape");

  await page.getByRole("navigation", { name: "Menu lateral" }).getByRole("link", { name: "Painel" }).click();
  await expect(page.getByText("Check-in concluído! +50 XP, +30 de sequência")).toBeVisible();
  await expect(page.getByRole("group", { name: "Nível e XP" })).toContainText("80 XP");
});

test("a streak freeze covers the day a member missed: the run goes on, and the screen says so", async ({ page }) => {
  // server.ts gave `frozen` 7 check-ins in a row ending the day before yesterday: yesterday is covered.
  skipIfTheDayTurned();
  await signInAs(page, people.frozen, "/check-ins");
  await expect(
    page.getByText("Sua proteção de sequência cobriu ontem: faça o check-in hoje e a sequência continua."),
  ).toBeVisible();
  await expect(page.getByText("Hoje: +50 XP, +70 de sequência (8º dia seguido)")).toBeVisible();
  await page.getByRole("radio", { name: "Neutro" }).click();
  await screenshots(page, "streak-freeze");
  await page.getByRole("button", { name: "Fazer check-in (+120 XP)" }).click();
  await expect(
    page.getByText("Check-in realizado! Você ganhou +50 XP, +70 de sequência (8 dias seguidos)."),
  ).toBeVisible();
  // The freeze is spent: nothing banked until 7 new days in a row.
  await expect(page.getByText(/proteção de sequência/)).toHaveCount(0);
});

test("a member with a low pattern sees the private card after the check-in and on the dashboard, and dismisses it for a week", async ({
  page,
}) => {
  test.slow(); // screenshots in two themes and two widths, and an axe scan: over a minute on a loaded machine
  await signInAs(page, people.lowMood);
  const card = page.getByRole("region", { name: "Os últimos dias parecem ter sido difíceis" });
  // The card is shown on the dashboard already: 3 of the last 4 check-ins were 'Baixo' or less.
  await expect(card).toBeVisible();
  await expect(card.getByText("Só você vê esta mensagem.")).toBeVisible();
  await expect(card.getByRole("link", { name: /CVV: 188/ })).toHaveAttribute("href", "tel:188");
  await expect(card.getByRole("link", { name: /Chat do CVV/ })).toHaveAttribute("href", "https://cvv.org.br");
  await expect(card.getByRole("link", { name: /SAMU: 192/ })).toHaveAttribute("href", "tel:192");
  await expect(card.getByRole("link", { name: /CAPS da sua cidade/ })).toHaveAttribute("href", /google\.com\/maps/);
  await screenshots(page, "support-card-dashboard");
  expect(await seriousViolations(page)).toEqual([]);

  // After today's check-in, the card is there too.
  await page.getByRole("link", { name: "Fazer check-in" }).click();
  await page.getByRole("radio", { name: "Muito Baixo" }).click();
  await page.getByRole("button", { name: /Fazer check-in/ }).click();
  await expect(page.getByText("Check-in de hoje feito!")).toBeVisible();
  await expect(card).toBeVisible();
  await screenshots(page, "support-card-after-check-in");

  await card.getByRole("button", { name: "Dispensar esta mensagem por uma semana" }).click();
  await expect(card).toHaveCount(0);
  await page.getByRole("navigation", { name: "Menu lateral" }).getByRole("link", { name: "Painel" }).click();
  await expect(page.getByText("Check-in concluído!")).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("Check-in concluído!")).toBeVisible();
  await expect(card).toHaveCount(0);

  // A week later (the dismissal lives in this browser only), it comes back while the pattern lasts.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith("sereno:cartao-de-apoio:")) {
        localStorage.setItem(key, new Date(Date.now() - 8 * 86_400_000).toISOString());
      }
    }
  });
  await page.reload();
  await expect(card).toBeVisible();
});

test("'Precisa de ajuda agora?' is in the menu of every signed-in screen, with the crisis numbers", async ({
  page,
}) => {
  await signInAs(page, people.member);
  for (const path of ["/dashboard", "/exercises", "/settings"]) {
    await page.goto(path);
    await expect(
      page.getByRole("navigation", { name: "Menu lateral" }).getByRole("link", { name: /Precisa de ajuda agora\?/ }),
    ).toBeVisible();
  }
  await page
    .getByRole("navigation", { name: "Menu lateral" })
    .getByRole("link", { name: /Precisa de ajuda agora\?/ })
    .click();
  await expect(page).toHaveURL("/help#ajuda-agora");
  await expect(page.getByRole("link", { name: /CVV: 188/ })).toHaveAttribute("href", "tel:188");
  await expect(page.getByRole("link", { name: /SAMU: 192/ })).toHaveAttribute("href", "tel:192");
});
