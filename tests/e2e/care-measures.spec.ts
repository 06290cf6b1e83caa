/**
 * PHQ-9 inside care (issue 47, item 2; docs/decisions/079, 080): a member books a session,
 * answers PHQ-9 at intake (an incomplete form names the missing items), marks item 9 above 0
 * and sees the crisis card at once; the psychologist finds the alert in the agenda, reads the
 * answers and acknowledges it, and the alert leaves the agenda.
 */
import { expect, test } from "@playwright/test";
import { phq9 } from "#core/questionnaires/phq9.ts";
import { people, seededPsychologist } from "./support/fixtures.ts";
import { screenshotScreen, signInAs } from "./support/helpers.ts";

test.describe.configure({ mode: "serial" });

const member = people.measurer;
const firstName = member.name.split(" ")[0] as string;

test("a member books care, answers PHQ-9 at intake with item 9 above 0 and sees the crisis card", async ({
  page,
}, info) => {
  test.slow();
  await signInAs(page, member, "/care");
  // Nothing to answer before a booking.
  await expect(page.getByRole("heading", { name: "Autoavaliações" })).toHaveCount(0);
  await page.getByRole("link", { name: `Ver horários de ${seededPsychologist.name}` }).click();
  await page
    .getByRole("button", { name: /^Agendar / })
    .last()
    .click();
  const dialog = page.getByRole("dialog", { name: "Confirmar agendamento" });
  await dialog.getByRole("checkbox", { name: "Li e aceito os termos do atendimento." }).check();
  await dialog.getByRole("radio", { name: `O e-mail da conta (${member.email})` }).check();
  await dialog.getByRole("button", { name: "Confirmar agendamento" }).click();
  await expect(page).toHaveURL("/care");

  await expect(page.getByRole("heading", { name: "Autoavaliações" })).toBeVisible();
  await expect(page.getByText("Antes da primeira sessão com Sofia Semente").first()).toBeVisible();
  await page.getByRole("button", { name: "Responder PHQ-9" }).click();
  const form = page.getByRole("form", { name: phq9.title });
  await expect(form).toContainText(phq9.instruction);
  await expect(form).toContainText("não é um diagnóstico");
  await expect(form).toContainText("com um subsídio educacional da Pfizer Inc.");

  // Items 1 to 7 only: the form names the two missing and sends nothing.
  for (let item = 0; item < 7; item++) {
    await form
      .getByRole("group", { name: `${item + 1}. ${phq9.items[item]}` })
      .getByRole("radio", { name: "Vários dias" })
      .check();
  }
  await form.getByRole("button", { name: "Enviar respostas" }).click();
  await expect(form.getByRole("alert")).toHaveText("Responda às perguntas 8 e 9 para enviar.");
  await screenshotScreen(page, info, "care-measures-form", { fullPage: true });

  await form
    .getByRole("group", { name: `8. ${phq9.items[7]}` })
    .getByRole("radio", { name: "Nenhuma vez" })
    .check();
  await form
    .getByRole("group", { name: `9. ${phq9.items[8]}` })
    .getByRole("radio", { name: "Vários dias" })
    .check();
  await form.getByRole("button", { name: "Enviar respostas" }).click();

  // The crisis card, at once, on the member's screen.
  const crisis = page.getByRole("region", { name: "Precisa de ajuda agora?" });
  await expect(crisis).toBeVisible();
  await expect(crisis.getByRole("link", { name: /CVV: 188/ })).toHaveAttribute("href", "tel:188");
  await expect(crisis.getByRole("link", { name: /SAMU: 192/ })).toHaveAttribute("href", "tel:192");
  await expect(page.getByText("Ninguém da sua empresa é avisado.")).toBeVisible();
  // The answer is the member's own: score and band, PHQ-9 no longer asked; GAD-7 still is.
  await expect(page.getByText("8 de 27 · Leve")).toBeVisible();
  await expect(page.getByRole("button", { name: "Responder PHQ-9" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Responder GAD-7" })).toBeVisible();
  await screenshotScreen(page, info, "care-measures-crisis");
});

test("the psychologist sees the alert in the agenda, reads the answers and acknowledges it", async ({ page }, info) => {
  await signInAs(page, seededPsychologist, "/care/agenda");
  const alerts = page.getByRole("region", { name: /Alerta de segurança|alertas de segurança/ });
  const alert = alerts.getByRole("listitem").filter({ hasText: firstName });
  await expect(alert).toContainText("item 9");
  await expect(alert).not.toContainText(member.email);
  await screenshotScreen(page, info, "care-measures-agenda-alert");

  await alert.getByRole("button", { name: "Ver respostas" }).click();
  const answers = page.getByRole("dialog", { name: "Autoavaliações" });
  await expect(answers).toContainText("8 de 27 · Leve");
  await expect(answers.getByRole("listitem").filter({ hasText: phq9.items[8] })).toContainText("Vários dias");
  await screenshotScreen(page, info, "care-measures-answers");
  await page.keyboard.press("Escape");
  await expect(answers).toHaveCount(0);

  await alert.getByRole("button", { name: "Confirmar leitura" }).click();
  await expect(page.getByText("Leitura do alerta confirmada.")).toBeVisible();
  await expect(alerts.getByRole("listitem").filter({ hasText: firstName })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Minha agenda", level: 1 })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "item 9" }).filter({ hasText: firstName })).toHaveCount(0);
});
