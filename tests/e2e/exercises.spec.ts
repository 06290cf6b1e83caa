import { expect, test } from "@playwright/test";
import { exerciseMessages } from "#core/exercise-messages.ts";
import { categoryLabels, type ExerciseCategory } from "#core/exercises.ts";
import { countOf } from "#core/format.ts";
import { serverMessages } from "#core/server-messages.ts";
import exerciseSeed from "#server/seed/exercises.json" with { type: "json" };
import { people, THUMBNAIL_URL } from "./support/fixtures.ts";
import { screenshotScreen, signInAs } from "./support/helpers.ts";

test("search, category and duration filters really filter the library", async ({ page }) => {
  await signInAs(page, people.member);
  await page.goto("/exercises");
  const count = page.getByText(/^\d+ exercícios?$/);
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())?.split(" ")[0]);
  expect(total).toBeGreaterThanOrEqual(exerciseSeed.length);

  await page.getByLabel("Buscar").fill("RESPIRAÇÃO QUADRADA");
  await expect(page.getByRole("article", { name: "Respiração Quadrada" })).toBeVisible();
  // Exactly the catalogue's exercises with that title (search ignores case and accents).
  const squares = exerciseSeed.filter((exercise) =>
    exercise.title["pt-BR"].toLowerCase().includes("respiração quadrada"),
  );
  await expect(count).toHaveText(countOf(squares.length, "exercício", "exercícios"));
  await page.getByLabel("Buscar").fill("zzzz-nada");
  await expect(page.getByText("Nenhum exercício encontrado")).toBeVisible();
  await page.getByRole("button", { name: "Limpar filtros" }).click();

  await page.getByLabel("Categoria").selectOption({ label: "Foco" });
  const focusCount = Number((await count.textContent())?.split(" ")[0]);
  expect(focusCount).toBeLessThan(total);
  for (const card of await page.getByRole("article").all()) await expect(card).toContainText("Foco");

  await page.getByLabel("Duração").selectOption({ label: "Mais de 15 min" });
  const longFocus = Number((await count.textContent())?.split(" ")[0]);
  expect(longFocus).toBeLessThan(focusCount);
  for (const card of await page.getByRole("article").all()) {
    const minutes = Number((await card.textContent())?.match(/(\d+) min/)?.[1]);
    expect(minutes).toBeGreaterThan(15);
  }
});

test("a locked card says which level opens it and cannot be opened", async ({ page }) => {
  await signInAs(page, people.member);
  await page.goto("/exercises");
  // The sections open with what the person can do; all of a category shows its locked ones too.
  await page.getByRole("button", { name: /^Ver os \d+ de Meditação$/ }).click();
  const locked = page
    .getByRole("article")
    .filter({ hasText: /Disponível no nível \d+/ })
    .first();
  await expect(locked).toBeVisible();
  await expect(locked.getByRole("button")).toHaveCount(0);
});

test("completing an exercise raises the XP shown, marks it 'Feito hoje' here and on the dashboard, keeps focus on its card, and a repeat earns no XP", async ({
  page,
}) => {
  await signInAs(page, people.exerciser);
  await page.goto("/exercises");
  await expect(page.getByTestId("level-summary")).toHaveText("Nível 1 · 0 XP");
  await page.getByLabel("Buscar").fill("Respiração Quadrada");
  const card = page.getByRole("article", { name: "Respiração Quadrada" });
  // The XP the starter catalogue gives this exercise, not whatever number the card happens to show.
  const xp = exerciseSeed.find((exercise) => exercise.slug === "respiracao-quadrada")?.xp_reward;
  expect(xp).toBe(10);
  await expect(card).toContainText(`${xp} XP`);
  await expect(card.getByText("Feito hoje")).toHaveCount(0);
  const opener = card.getByRole("button", { name: /Começar/ });
  await opener.click();

  const dialog = page.getByRole("dialog", { name: "Respiração Quadrada" });
  await expect(dialog.getByRole("heading", { name: "Passo a passo" })).toBeVisible();
  // Closing without finishing gives focus back to the card's button.
  await dialog.getByRole("button", { name: "Fechar" }).first().click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(dialog.getByRole("timer")).toBeVisible();
  await dialog.getByRole("button", { name: "Iniciar" }).click();
  await expect(dialog.getByRole("button", { name: "Pausar" })).toBeVisible();
  await dialog.getByRole("button", { name: "Marcar como Concluído" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(serverMessages.exerciseCompleted)).toBeVisible();
  await expect(page.getByTestId("level-summary")).toHaveText(`Nível 1 · ${xp} XP`);
  await expect(card.getByText("Feito hoje")).toBeVisible();
  const again = card.getByRole("button", { name: "Fazer de novo: Respiração Quadrada" });
  await expect(again).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
    "Fazer de novo: Respiração Quadrada",
  );

  await again.click();
  await page.getByRole("dialog").getByRole("button", { name: "Marcar como Concluído" }).click();
  await expect(page.getByText(serverMessages.exerciseRepeated)).toBeVisible();
  await expect(page.getByTestId("level-summary")).toHaveText(`Nível 1 · ${xp} XP`);

  await page.getByRole("navigation", { name: "Menu lateral" }).getByRole("link", { name: "Painel" }).click();
  const quick = page.getByRole("link", { name: /Respiração Quadrada/ });
  await expect(quick).toContainText("Feito hoje");
  // Opened from the dashboard, the dialog's opener is gone: closing it focuses the exercise's own card.
  await quick.click();
  await page
    .getByRole("dialog", { name: "Respiração Quadrada" })
    .getByRole("button", { name: "Fechar" })
    .first()
    .click();
  await expect(page.getByRole("button", { name: "Fazer de novo: Respiração Quadrada" })).toBeFocused();
});

test("member cards show the exercise's picture, or its category icon when there is none", async ({ page }) => {
  await signInAs(page, people.member);
  await page.goto("/exercises");
  await page.getByLabel("Buscar").fill("Respiração");
  const withPicture = page.getByRole("article", { name: "Respiração Quadrada" }).getByTestId("thumbnail");
  await expect(withPicture.locator("img")).toHaveAttribute("src", THUMBNAIL_URL);
  await expect(withPicture.locator("img")).toHaveJSProperty("complete", true);
  const without = page.getByRole("article", { name: "Respiração Abdominal" }).getByTestId("thumbnail");
  await expect(without.locator("img")).toHaveCount(0);
  await expect(without.locator('svg[data-art="breathing"]')).toBeVisible();

  await page.goto("/dashboard");
  const quick = page.getByRole("link", { name: /Respiração Quadrada/ });
  await expect(quick.getByTestId("thumbnail").locator("img")).toHaveAttribute("src", THUMBNAIL_URL);
});

test("a failed completion says so and keeps the dialog open", async ({ page }) => {
  await signInAs(page, people.member);
  await page.goto("/exercises");
  await page.route("**/api/exercises/*/complete", (route) =>
    route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "x", requestId: "r" } } }),
  );
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("button", { name: /Começar/ }) })
    .first()
    .getByRole("button")
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Marcar como Concluído" }).click();
  await expect(page.getByText(exerciseMessages.exerciseCompleteFailed)).toBeVisible();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("the library opens on today's pick and a short section per category, each with its own illustration; 'Ver os N' shows all of one", async ({
  page,
}, info) => {
  test.slow(); // four full-page screenshots
  await signInAs(page, people.member);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/exercises");
  const pick = page.getByRole("region", { name: "Para você hoje" });
  await expect(pick.getByRole("article")).toHaveCount(1);
  await expect(pick.getByRole("button", { name: /^Começar: / })).toBeVisible();
  const arts = new Set<string>();
  for (const [category, label] of Object.entries(categoryLabels) as [ExerciseCategory, string][]) {
    const section = page.getByRole("region", { name: label, exact: true });
    await expect(section.getByRole("article")).toHaveCount(3);
    const art = section.locator(`svg[data-art="${category}"]`).first();
    await expect(art).toBeVisible();
    arts.add((await art.innerHTML()).replace(/data-art="[^"]+"/, ""));
  }
  // Five categories, five different pictures.
  expect(arts.size).toBe(5);
  // A phone no longer scrolls through all 57 cards (it was about 20,000 px).
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(8_000);
  await screenshotScreen(page, info, "exercises-library", { fullPage: true });

  // Other browser tests may add exercises to the shared catalogue: the section's own count is the reference.
  const showAll = page.getByRole("button", { name: /^Ver os \d+ de Foco$/ });
  const focus = Number((await showAll.textContent())?.match(/\d+/)?.[0]);
  expect(focus).toBeGreaterThanOrEqual(exerciseSeed.filter((exercise) => exercise.category === "focus").length);
  await showAll.click();
  await expect(page.getByLabel("Categoria")).toHaveValue("focus");
  await expect(page.getByText(countOf(focus, "exercício", "exercícios"), { exact: true })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(focus);
  await expect(pick).toHaveCount(0);
  for (const card of await page.getByRole("article").all()) await expect(card).toContainText("Foco");

  // A search that finds more than a page shows twelve, then the rest on 'Mostrar mais'.
  await page.getByLabel("Categoria").selectOption({ label: "Todas" });
  await page.getByLabel("Buscar").fill("a");
  const found = Number((await page.getByText(/^\d+ exercícios?$/).textContent())?.split(" ")[0]);
  expect(found).toBeGreaterThan(12);
  await expect(page.getByRole("article")).toHaveCount(12);
  await page.getByRole("button", { name: /^Mostrar mais \d+$/ }).click();
  await expect(page.getByRole("article")).toHaveCount(Math.min(24, found));
});
