import { expect, test } from "@playwright/test";
import { messages } from "#core/messages.ts";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test("a member checks in: submit waits for a mood, the dashboard card turns to +50 XP, the calendar shows the day", async ({
  page,
}) => {
  await signInAs(page, people.checker);
  await expect(page.getByText("Como você está hoje? Responder leva menos de um minuto")).toBeVisible();
  await page.getByRole("link", { name: "Fazer check-in" }).click();
  await expect(page).toHaveURL("/check-ins");
  await expect(page.getByText("Suas respostas são privadas")).toBeVisible();

  const submit = page.getByRole("button", { name: "Fazer check-in (+50 XP)" });
  await expect(submit).toBeDisabled();
  await page.getByRole("radio", { name: "Bom" }).click();
  await expect(submit).toBeEnabled();
  await page.getByLabel("Quer anotar algo? (opcional)").fill("Dia produtivo, dormi bem.");
  await submit.click();
  await expect(page.getByText(messages.checkInSaved)).toBeVisible();
  await expect(page.getByText("Check-in de hoje feito! +50 XP")).toBeVisible();
  await expect(page.getByText("Você respondeu: Bom")).toBeVisible();

  const today = new Date().toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" });
  await expect(page.getByText(`${today}: Bom`)).toBeAttached();

  await page.getByRole("navigation", { name: "Menu lateral" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByText("Check-in concluído! +50 XP")).toBeVisible();
  await expect(page.getByRole("group", { name: "Sequência de check-ins" })).toContainText("1 dia");
  await expect(page.getByRole("group", { name: "Nível e XP" })).toContainText("50 XP");
  await expect(page.getByText("Check-in diário")).toBeVisible();
});

test("the calendar moves between months", async ({ page }) => {
  await signInAs(page, people.member);
  await page.goto("/check-ins");
  const now = new Date();
  const monthName = (date: Date) => {
    const name = date.toLocaleDateString("pt-BR", { month: "long", timeZone: "America/Sao_Paulo" });
    return `${name.charAt(0).toUpperCase()}${name.slice(1)} de ${date.getFullYear()}`;
  };
  await expect(page.getByText(monthName(now), { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Próximo mês" })).toBeDisabled();
  await page.getByRole("button", { name: "Mês anterior" }).click();
  const previous = new Date(now.getFullYear(), now.getMonth() - 1, 15);
  await expect(page.getByText(monthName(previous), { exact: true })).toBeVisible();
  await expect(page.getByText("Nenhum check-in neste mês.")).toBeVisible();
  await page.getByRole("button", { name: "Próximo mês" }).click();
  await expect(page.getByText(monthName(now), { exact: true })).toBeVisible();
});

test("a check-in that cannot reach the server says so calmly and can be sent again", async ({ page }) => {
  await signInAs(page, people.member);
  await page.goto("/check-ins");
  await page.route("**/api/check-ins", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
  );
  await page.getByRole("radio", { name: "Bom" }).click();
  const submit = page.getByRole("button", { name: "Fazer check-in (+50 XP)" });
  await submit.click();
  await expect(page.getByText(messages.networkError)).toBeVisible();
  await expect(page.getByText("Registrando...")).toHaveCount(0);
  await expect(submit).toBeEnabled();
  // The same form goes again, failing the same calm way: nothing was registered in between.
  await submit.click();
  await expect(page.getByText(messages.networkError)).toBeVisible();
  await expect(submit).toBeEnabled();
});
