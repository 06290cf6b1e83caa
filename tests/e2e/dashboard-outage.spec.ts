/**
 * An outage on the dashboard: when every panel's data fails, one calm
 * message with one retry; when one part fails, only that card says so.
 */
import { expect, type Page, test } from "@playwright/test";
import { loadFailed } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

const OUTAGE = "Não conseguimos carregar o seu painel agora";
const unavailable = {
  status: 503,
  contentType: "application/json",
  body: JSON.stringify({
    error: { code: "SERVICE_UNAVAILABLE", message: serverMessages.serviceUnavailable, requestId: "x" },
  }),
};

/** Every data call of the dashboard answers 503, as in a database outage; the session itself still works. */
async function failDataCalls(page: Page, only?: string) {
  await page.route("**/api/**", (route) => {
    const { pathname } = new URL(route.request().url());
    const isSession = pathname === "/api/me" || pathname.startsWith("/api/auth/") || pathname === "/api/config";
    if (isSession || (only && pathname !== only)) return route.fallback();
    return route.fulfill(unavailable);
  });
}

test("when every panel fails, the member sees one calm message and one retry that brings the dashboard back", async ({
  page,
}) => {
  await signInAs(page, people.member);
  await failDataCalls(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: OUTAGE })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Tentar novamente" })).toHaveCount(1);
  for (const panel of [
    "Erro ao verificar check-ins existentes",
    loadFailed("seu progresso"),
    loadFailed("os exercícios"),
  ]) {
    await expect(page.getByText(panel)).toHaveCount(0);
  }
  await page.unroute("**/api/**");
  await page.getByRole("button", { name: "Tentar novamente" }).click();
  await expect(page.getByRole("heading", { name: OUTAGE })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Check-in de hoje" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Nível e XP" })).toBeVisible();
});

test("when one part fails, only its card says so", async ({ page }) => {
  await signInAs(page, people.member);
  await failDataCalls(page, "/api/activities");
  await page.reload();
  // The card says so after the query's two retries (web/lib/query-client.ts): give them time on a busy machine.
  await expect(page.getByText(loadFailed("as atividades"))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Tentar novamente" })).toHaveCount(1);
  await expect(page.getByRole("heading", { name: OUTAGE })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Check-in de hoje" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Nível e XP" })).toBeVisible();
});

test("a manager in an outage sees one message, not the figures' and the insights' panels", async ({ page }) => {
  await signInAs(page, people.manager);
  await failDataCalls(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: OUTAGE })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Tentar novamente" })).toHaveCount(1);
  await expect(page.getByText(loadFailed("as estatísticas da equipe"))).toHaveCount(0);
});
