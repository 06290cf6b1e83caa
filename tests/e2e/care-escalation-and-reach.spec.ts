/**
 * Two of decision 102's screens. An escalated safety alert on the psychologist's agenda (docs/decisions/102): once the alert
 * went unacknowledged past SAFETY_ESCALATION_HOURS, the agenda says the clinical coordination was
 * told and when. The alert list is answered here by the route (the job runs 4 hours after an
 * answer, which a browser run cannot wait for); the API test pins the job itself.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { bookingConfirmation, SAFETY_ESCALATION_HOURS } from "#core/care.ts";
import { people, seededPsychologist } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test("an escalated alert says the clinical coordination was told", async ({ page }) => {
  await page.route("**/api/care/measures/alerts", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify([
        {
          id: "00000000-0000-4000-8000-000000000001",
          memberId: "pessoa-exemplo",
          memberName: "Ana",
          answeredAt: "2026-11-23T11:00:00.000Z",
          acknowledgedAt: null,
          escalatedAt: "2026-11-23T15:00:00.000Z",
        },
      ]),
    }),
  );
  await signInAs(page, seededPsychologist, "/care/agenda");
  const alert = page.getByRole("region", { name: "Alerta de segurança" }).getByRole("listitem");
  await expect(alert).toContainText(
    `Sem confirmação por mais de ${SAFETY_ESCALATION_HOURS} horas: a coordenação clínica do Sereno foi avisada em`,
  );
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/work/shots/g-escalated-alert-${width}.png`, fullPage: false });
  }
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

test("the booking's confirmation does not promise an e-mail to someone without one", async ({ page }) => {
  // The account as /ativar makes it without e-mail (CPF or matrícula and passkey), and a booking answered
  // here, so the seeded agenda keeps its slots.
  await page.route("**/api/care/contact", (route) =>
    route.request().method() === "GET"
      ? route.fulfill({
          contentType: "application/json",
          body: JSON.stringify({
            careEmail: null,
            accountEmail: "pessoa@sem-email.sereno.invalid",
            hasChosen: false,
          }),
        })
      : route.continue(),
  );
  await page.route("**/api/care/appointments", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 201, contentType: "application/json", body: "{}" })
      : route.continue(),
  );
  await signInAs(page, people.measurer, "/care");
  await page.getByRole("link", { name: `Ver horários de ${seededPsychologist.name}` }).click();
  await page
    .getByRole("button", { name: /^Agendar / })
    .last()
    .click();
  const dialog = page.getByRole("dialog", { name: "Confirmar agendamento" });
  await dialog.getByRole("checkbox", { name: "Li e aceito os termos do atendimento." }).check();
  await dialog.getByRole("radio", { name: "Não receber por e-mail (sua conta não tem e-mail)" }).check();
  await dialog.getByRole("button", { name: "Confirmar agendamento" }).click();
  const toast = page.locator("[data-sonner-toast]").first();
  await expect(toast).toContainText(bookingConfirmation({ rescheduled: false, inviteTo: null }));
  await expect(toast).not.toContainText("Enviamos");
});
