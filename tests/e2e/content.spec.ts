import { expect, test } from "@playwright/test";
import { contentLockedMessage } from "#core/exercise-messages.ts";
import type { ContentList } from "#core/schemas/content.ts";
import { people, THUMBNAIL_URL } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test("content unlocks as points arrive, and an unlocked article opens to its text on its own page", async ({
  page,
}) => {
  // A check-in and four page loads: 45 s on a quiet machine, so it gets three minutes.
  test.slow();
  await signInAs(page, people.reader);
  await page.goto("/content");
  await expect(page.getByTestId("points-earned")).toHaveText("0");
  const fiftyPoints = page.getByRole("article").filter({ hasText: "Faltam 50 pontos" }).first();
  await expect(fiftyPoints).toBeVisible();
  const title = (await fiftyPoints.getByRole("heading").textContent()) ?? "";

  const freeArticle = page
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name: /^Ler:/ }) })
    .first();
  await freeArticle.getByRole("link").click();
  await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
  // The address changes before the article's page replaces the list: wait for the page itself.
  await expect(page.getByRole("link", { name: "Voltar para Conteúdos" }).first()).toBeVisible();
  const body = page.getByRole("main").getByRole("article");
  await expect(body).toBeVisible();
  expect(((await body.textContent()) ?? "").length).toBeGreaterThan(1000);
  await page.getByRole("link", { name: "Voltar para Conteúdos" }).first().click();
  await expect(page).toHaveURL("/content");

  // A check-in earns 50 points, which opens the 50-point item.
  await page.goto("/check-ins");
  await page.getByRole("radio", { name: "Neutro" }).click();
  await page.getByRole("button", { name: "Fazer check-in (+50 XP)" }).click();
  await expect(page.getByText("Check-in de hoje feito!")).toBeVisible();
  await page.goto("/content");
  await expect(page.getByTestId("points-earned")).toHaveText("50");
  const unlocked = page.getByRole("article", { name: title });
  await expect(unlocked.getByText("Faltam")).toHaveCount(0);
  await unlocked.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(page.getByRole("main").getByRole("article", { name: title })).toBeVisible();
});

test("on a phone, an article has its own address and Back returns to the list where the reader was", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, people.member, "/content");
  const links = page.getByRole("link", { name: /^Ler:/ });
  await expect(links.first()).toBeVisible();
  const target = links.nth(2);
  await target.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  const title = String(await target.getAttribute("aria-label")).replace(/^Ler:\s*/, "");
  await target.click();
  await expect(page).toHaveURL(/\/content\/[0-9a-f-]{36}$/);
  // The address changes while the list is still on screen; wait for the article itself, then for it alone.
  await expect(page.getByRole("main").getByRole("article", { name: title, exact: true })).toBeVisible();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Voltar para Conteúdos" }).first()).toBeInViewport();

  await page.goBack();
  await expect(page).toHaveURL("/content");
  await expect(target).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);

  await target.click();
  await page.getByRole("link", { name: "Voltar para Conteúdos" }).last().click();
  await expect(page).toHaveURL("/content");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
});

test("a locked item's address shows what unlocks it, never its text", async ({ page }) => {
  await signInAs(page, people.member, "/content");
  const list = (await (await page.request.get("/api/content")).json()) as ContentList;
  const locked = list.items.find((item) => !item.unlocked) as ContentList["items"][number];
  const detailCalls: number[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(`/api/content/${locked.id}`)) detailCalls.push(response.status());
  });
  await page.goto(`/content/${locked.id}`);
  await expect(page.getByText(contentLockedMessage(locked.pointsMissing))).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: locked.title["pt-BR"] })).toBeVisible();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Voltar para Conteúdos" })).toBeVisible();
  expect(detailCalls).toEqual([]);
  const direct = await page.request.get(`/api/content/${locked.id}`);
  expect(direct.status()).toBe(403);
});

test("items without a video say what they are ('Roteiro guiado'), and cards show a picture or their type's icon", async ({
  page,
}) => {
  await signInAs(page, people.member, "/content");
  await expect(page.getByRole("link", { name: /^Ler:/ }).first()).toBeVisible();
  await expect(page.getByText("Vídeo", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Roteiro guiado").first()).toBeVisible();
  const burnout = page.getByRole("article", { name: "Burnout: como reconhecer os sinais" });
  await expect(burnout.getByTestId("thumbnail").locator("img")).toHaveAttribute("src", THUMBNAIL_URL);
  const other = page.getByRole("article", { name: "Pausas que realmente descansam" });
  await expect(other.getByTestId("thumbnail").locator("svg.lucide-book-open")).toBeVisible();
});
