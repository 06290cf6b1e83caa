/**
 * Sessions and sign-ins (docs/decisions/032): a person ends a session from
 * another browser in Configurações, and that browser is signed out at once;
 * an admin finds the sign-ins in the Registro de acessos.
 */
import { expect, test } from "@playwright/test";
import { auditActionLabels } from "#core/audit-labels.ts";
import { actionsOfKind } from "#core/schemas/audit.ts";
import { sessionMessages } from "#core/settings-messages.ts";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test("a person sees both sessions in Configurações, ends the other one, and that browser is signed out", async ({
  page,
  browser,
}) => {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const otherContext = await browser.newContext({ baseURL, locale, timezoneId, serviceWorkers: "block" });
  const other = await otherContext.newPage();
  await signInAs(page, people.traveller, "/settings");
  // A retry starts from this session alone: what an earlier attempt left open is ended first.
  const origin = new URL(baseURL as string).origin;
  expect((await page.request.post("/api/me/sessions/end-others", { headers: { origin } })).ok()).toBe(true);
  await signInAs(other, people.traveller);
  await page.reload();

  const section = page.getByRole("region", { name: "Sessões ativas" });
  const sessions = section.getByRole("list", { name: "Sessões" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  const current = sessions.filter({ hasText: "Esta sessão" });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText("Chrome no Windows"); // Playwright's Desktop Chrome
  await expect(current.getByRole("button", { name: /Encerrar/ })).toHaveCount(0);
  const elsewhere = sessions.filter({ hasNotText: "Esta sessão" });
  await expect(elsewhere).toContainText(/Endereço aproximado: [\d.:]+x?/);
  await expect(elsewhere).toContainText(/Entrou em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

  await elsewhere.getByRole("button", { name: /Encerrar/ }).click();
  await expect(section.getByRole("status")).toContainText(sessionMessages.ended);
  await expect(sessions).toHaveCount(1);
  await expect(section.getByText(sessionMessages.noOthers)).toBeVisible();

  // The other browser's next navigation finds no session.
  await other.goto("/settings");
  await expect(other).toHaveURL(/\/login/);
  await expect(other.getByRole("button", { name: "Entrar", exact: true })).toBeVisible();
  // This one is still in.
  await page.reload();
  await expect(section.getByRole("list", { name: "Sessões" }).getByRole("listitem")).toHaveCount(1);
  await otherContext.close();
});

test("an admin filters the Registro de acessos by 'Entradas'", async ({ page, request }) => {
  // A failed attempt at the admin's account, from outside the browser.
  const failed = await request.post("/api/auth/sign-in/email", {
    headers: { origin: new URL(test.info().project.use.baseURL as string).origin },
    data: { email: people.admin.email, password: "nao-e-a-senha" },
  });
  expect(failed.status()).toBe(401);
  await signInAs(page, people.admin, "/admin/auditoria");

  const filters = page.getByRole("form", { name: "Filtros do registro" });
  await filters.getByLabel("Tipo de evento").selectOption({ label: "Entradas" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/kind=sign-ins/);

  const table = page.getByRole("table");
  const mine = table.getByRole("row").filter({ hasText: people.admin.email });
  await expect(mine.filter({ hasText: auditActionLabels["auth.sign-in"] }).first()).toContainText("Com senha");
  await expect(mine.filter({ hasText: auditActionLabels["auth.sign-in-failed"] }).first()).toContainText("IP ");
  // Only sign-in events: no company created, no report read.
  const labels = await table
    .getByRole("row")
    .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelectorAll("td")[1]?.textContent ?? ""));
  const signInLabels: string[] = actionsOfKind("sign-ins").map((action) => auditActionLabels[action]);
  expect(labels.length).toBeGreaterThan(0);
  expect(labels.filter((label) => !signInLabels.includes(label))).toEqual([]);
});
