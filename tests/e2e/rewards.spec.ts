import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { rewardMessages } from "#core/reward-messages.ts";
import { FIXTURE_REWARD, type FixturePerson, people, REDEEMER_POINTS } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

/** A signed-in page of its own, so member and manager can be on screen at once. */
async function pageOf(browser: Browser, person: FixturePerson): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, person);
  return page;
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, targets: v.nodes.map((node) => node.target.join(" ")) }));
}

test("a member redeems a reward, the manager delivers it, and the member sees it delivered", async ({ browser }) => {
  // Two people, axe twice and six screenshots: 50 s on a quiet machine, so it gets three minutes.
  test.slow();
  const member = await pageOf(browser, people.redeemer);
  await member.getByRole("link", { name: "Recompensas" }).first().click();
  await expect(member).toHaveURL("/rewards");
  const balance = member.getByTestId("points-balance");
  await expect(balance).toHaveText(`${REDEEMER_POINTS} pontos`);

  const catalogue = member.getByRole("region", { name: "Catálogo" });
  const card = catalogue.getByRole("listitem").filter({ hasText: FIXTURE_REWARD.title });
  await expect(card).toContainText("250 pontos");
  await expect(card).toContainText("3 unidades restantes");
  await card.getByRole("button", { name: `Resgatar ${FIXTURE_REWARD.title}` }).click();
  const dialog = member.getByRole("dialog", { name: `Resgatar ${FIXTURE_REWARD.title}?` });
  await expect(dialog).toContainText("fica com 350");
  await dialog.getByRole("button", { name: "Confirmar resgate" }).click();
  await expect(member.getByText(rewardMessages.redeemed)).toBeVisible();
  await expect(balance).toHaveText("350 pontos");
  await expect(card).toContainText("2 unidades restantes");
  const mine = member.getByRole("region", { name: "Meus resgates" });
  await expect(mine.getByRole("listitem").filter({ hasText: FIXTURE_REWARD.title })).toContainText("Pendente");
  // axe runs once the toast has faded (its fade animation is mid-contrast by design).
  await expect(member.getByText(rewardMessages.redeemed)).toBeHidden({ timeout: 15_000 });
  expect(await seriousViolations(member)).toEqual([]);
  await member.screenshot({ path: "test-results/screens/rewards-member-1280.png", fullPage: true });
  await member.setViewportSize({ width: 390, height: 844 });
  expect(await member.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await member.screenshot({ path: "test-results/screens/rewards-member-390.png", fullPage: true });
  await member.emulateMedia({ colorScheme: "dark" });
  await member.reload();
  await expect(balance).toHaveText("350 pontos");
  await member.screenshot({ path: "test-results/screens/rewards-member-390-dark.png", fullPage: true });
  await member.emulateMedia({ colorScheme: "light" });
  // One balance everywhere: Conteúdos shows the same 350 to spend, and the 600 earned that keep content open.
  await member.setViewportSize({ width: 1280, height: 800 });
  await member.getByRole("link", { name: "Conteúdos" }).first().click();
  await expect(member).toHaveURL("/content");
  await expect(member.getByTestId("points-balance")).toHaveText("350 pontos");
  await expect(member.getByTestId("points-earned")).toHaveText(String(REDEEMER_POINTS));
  await member.screenshot({ path: "test-results/screens/content-points-1280.png" });
  await member.goBack();
  await expect(member).toHaveURL("/rewards");

  const manager = await pageOf(browser, people.manager);
  await manager.goto("/rewards");
  await manager.getByRole("tab", { name: /Pedidos/ }).click();
  await expect(manager).toHaveURL("/rewards?aba=pedidos");
  const request = manager.getByRole("listitem").filter({ hasText: people.redeemer.name });
  await expect(request).toContainText(FIXTURE_REWARD.title);
  expect(await seriousViolations(manager)).toEqual([]);
  await manager.screenshot({ path: "test-results/screens/rewards-manager-requests-1280.png", fullPage: true });
  await request
    .getByRole("button", { name: `Marcar como entregue: ${FIXTURE_REWARD.title} para ${people.redeemer.name}` })
    .click();
  await expect(manager.getByText(rewardMessages.delivered)).toBeVisible();
  await expect(request).toContainText("Entregue");

  // The company's own catalogue: the manager adds a reward, and the member finds it.
  await manager.getByRole("tab", { name: "Gerenciar catálogo" }).click();
  await manager.getByRole("button", { name: "Nova recompensa" }).click();
  const form = manager.getByRole("dialog", { name: "Nova recompensa" });
  await form.getByRole("button", { name: "Criar recompensa" }).click();
  await expect(form.getByText(rewardMessages.titleRequired)).toBeVisible();
  await form.getByLabel("Nome").fill("Meio dia de folga");
  await form.getByLabel("Custo em pontos").fill("1500");
  await form.getByRole("button", { name: "Criar recompensa" }).click();
  await expect(manager.getByText(rewardMessages.created)).toBeVisible();
  await expect(manager.getByRole("listitem").filter({ hasText: "Meio dia de folga" })).toContainText(
    "estoque ilimitado",
  );
  await manager.screenshot({ path: "test-results/screens/rewards-manager-catalogue-1280.png", fullPage: true });
  await manager.setViewportSize({ width: 390, height: 844 });
  expect(await manager.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await manager.screenshot({ path: "test-results/screens/rewards-manager-catalogue-390.png", fullPage: true });
  await manager.getByRole("tab", { name: /Pedidos/ }).click();
  // Sonner pauses a toast while the pointer rests on it; at 390 px the tabs sit under the top-centred toast.
  await manager.mouse.move(0, 800);
  await expect(manager.getByText(rewardMessages.created)).toBeHidden({ timeout: 15_000 });
  await manager.screenshot({ path: "test-results/screens/rewards-manager-requests-390.png", fullPage: true });

  await member.reload();
  await expect(mine.getByRole("listitem").filter({ hasText: FIXTURE_REWARD.title })).toContainText("Entregue");
  const newReward = catalogue.getByRole("listitem").filter({ hasText: "Meio dia de folga" });
  await expect(newReward).toContainText("Faltam 1.150 pontos");
  await expect(newReward.getByRole("button", { name: "Resgatar Meio dia de folga" })).toBeDisabled();
});

test("an admin keeps the platform catalogue and sees counts, never who redeemed", async ({ browser }) => {
  const admin = await pageOf(browser, people.admin);
  await admin.goto("/rewards");
  await expect(admin.getByText("nunca quem resgatou")).toBeVisible();
  await expect(admin.getByRole("tab")).toHaveCount(0);
  await admin.getByRole("button", { name: "Nova recompensa" }).click();
  const form = admin.getByRole("dialog", { name: "Nova recompensa" });
  await form.getByLabel("Nome").fill("Sessão de massagem");
  await form.getByLabel("Custo em pontos").fill("700");
  await form.getByLabel("Estoque").fill("4");
  await form.getByRole("button", { name: "Criar recompensa" }).click();
  await expect(admin.getByRole("listitem").filter({ hasText: "Sessão de massagem" })).toContainText("4 unidades");
  await expect(admin.getByText(people.redeemer.name)).toHaveCount(0);
  await admin.screenshot({ path: "test-results/screens/rewards-admin-1280.png", fullPage: true });
});
