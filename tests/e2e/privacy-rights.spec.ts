import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { authMessages } from "#core/auth-messages.ts";
import { checkInMessages } from "#core/check-in-messages.ts";
import { addDays, localDay } from "#core/dates.ts";
import { privacyMessages } from "#core/privacy-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { teamMessages } from "#core/team-messages.ts";
import { NOTER_PAST_NOTE, people } from "./support/fixtures.ts";
import {
  expectToastClearOfTitle,
  screenshotScreen,
  seededDay,
  signInAs,
  spokenDay,
  waitForMail,
} from "./support/helpers.ts";

const privacySection = (page: Page) => page.getByRole("region", { name: "Privacidade e dados" });

test("revoking consent stops check-ins until it is given again; the downloaded data holds the note", async ({
  page,
}) => {
  await signInAs(page, people.revoker, "/settings");
  const section = privacySection(page);
  await expect(section.getByText("(versão 1 do termo)")).toBeVisible();
  await section.getByRole("button", { name: "Revogar consentimento" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revogar seu consentimento?" });
  await expect(confirm).toContainText("não registra mais check-ins");
  await confirm.getByRole("button", { name: "Revogar consentimento" }).click();
  await expect(page.getByText(serverMessages.consentRevoked)).toBeVisible();
  await expect(section.getByText("Seu consentimento não está em vigor")).toBeVisible();

  await page.goto("/check-ins");
  await expect(page.getByText("o Sereno precisa do seu consentimento")).toBeVisible();
  await expect(page.getByRole("button", { name: "Fazer check-in (+50 XP)" })).toHaveCount(0);
  await page.getByRole("button", { name: "Dou meu consentimento" }).click();
  await expect(page.getByText(serverMessages.consentGiven)).toBeVisible();

  await page.getByRole("radio", { name: "Ótimo" }).click();
  await page.getByLabel("Quer anotar algo? (opcional)").fill("Voltei a registrar, e está tudo bem.");
  await page.getByRole("button", { name: "Fazer check-in (+50 XP)" }).click();
  await expect(page.getByText("Check-in de hoje feito! +50 XP")).toBeVisible();

  await page.goto("/settings");
  const downloading = page.waitForEvent("download");
  await privacySection(page).getByRole("link", { name: "Baixar em JSON" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^meus-dados-sereno-\d{2}-\d{2}-\d{4}\.json$/);
  const data = JSON.parse(readFileSync((await download.path()) as string, "utf8"));
  expect(data.perfil.email).toBe(people.revoker.email);
  expect(data.checkIns.map((c: { anotacao: string }) => c.anotacao)).toContain("Voltei a registrar, e está tudo bem.");
  expect(data.historicoDeConsentimentos.map((e: { tipo: string }) => e.tipo)).toEqual(["dado", "revogado", "dado"]);
  expect(JSON.stringify(data)).not.toContain(people.member.email);
});

test("a past check-in opens from the calendar; its note is edited, then the check-in deleted", async ({ page }) => {
  // Four screenshots of the dialog on the way (light and dark, 1280 and 390).
  test.setTimeout(120_000);
  await signInAs(page, people.noter, "/check-ins");
  // The seeded check-in's day, even when the run has passed midnight since (helpers.ts, seededDay).
  const today = localDay(new Date(), "America/Sao_Paulo");
  const yesterday = addDays(seededDay(), -1);
  if (yesterday.slice(0, 7) !== today.slice(0, 7)) await page.getByRole("button", { name: "Mês anterior" }).click();
  await page.getByRole("button", { name: `${spokenDay(yesterday)}: Baixo` }).click();

  // The dialog names the day as the calendar does ('12 de novembro'), not as 12/11/2026 (issue 36, item 10).
  const dialog = page.getByRole("dialog", { name: `Seu check-in de ${spokenDay(yesterday)}`, exact: true });
  await expect(dialog.getByText(NOTER_PAST_NOTE)).toBeVisible();
  await dialog.getByRole("button", { name: "Editar anotação" }).click();
  await dialog.getByLabel("Sua anotação").fill("Reescrevi: foi puxado, e tudo bem.");
  // On a phone the toast sits at the bottom, clear of the title.
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByRole("button", { name: "Salvar anotação" }).click();
  await expect(page.getByText(checkInMessages.checkInNotesSaved)).toBeVisible();
  await expectToastClearOfTitle(page, checkInMessages.checkInNotesSaved);
  await screenshotScreen(page, test.info(), "check-in-day-dialog");
  await expect(dialog.getByText("Reescrevi: foi puxado, e tudo bem.")).toBeVisible();

  await dialog.getByRole("button", { name: "Excluir anotação" }).click();
  await page
    .getByRole("alertdialog", { name: "Excluir esta anotação?" })
    .getByRole("button", { name: "Excluir anotação" })
    .click();
  await expect(page.getByText(checkInMessages.checkInNotesDeleted)).toBeVisible();
  await expect(dialog.getByText("Sem anotação neste dia.")).toBeVisible();

  await dialog.getByRole("button", { name: "Excluir check-in" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Excluir este check-in?" });
  await expect(confirm).toContainText("Os números da empresa já publicados não mudam");
  await confirm.getByRole("button", { name: "Excluir check-in" }).click();
  await expect(page.getByText(serverMessages.checkInDeleted)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: `${spokenDay(yesterday)}: Baixo` })).toHaveCount(0);
  // The day is no longer a button: focus lands on the month shown, not on the page's top.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/ de \d{4}$/);
});

test("'O que sua empresa vê' opens from the check-in form", async ({ page }) => {
  await signInAs(page, people.member, "/check-ins");
  await page.getByRole("link", { name: "O que sua empresa vê" }).click();
  await expect(page).toHaveURL("/o-que-sua-empresa-ve");
  await expect(page.getByRole("heading", { level: 1, name: "O que sua empresa vê" })).toBeVisible();
  await expect(page.getByText("Empresa E2E")).toBeVisible();
  await expect(page.getByText("cerca de 5 pessoas ou mais")).toBeVisible();
  await expect(page.getByText(teamMessages.moodHidden)).toBeVisible();
  await expect(page.getByText("Nunca são mostradas a ninguém")).toBeVisible();
});

test("deleting the account with the password signs out, and the account cannot sign in again", async ({ page }) => {
  await signInAs(page, people.deleter, "/settings");
  await privacySection(page).getByRole("button", { name: "Excluir minha conta" }).click();
  const dialog = page.getByRole("dialog", { name: "Excluir sua conta?" });
  // No password: the schema says so under the field, before any request.
  await dialog.getByRole("button", { name: "Excluir minha conta definitivamente" }).click();
  await expect(dialog.getByText(privacyMessages.accountDeletePasswordRequired)).toBeVisible();
  await expect(dialog.getByLabel("Sua senha")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Sua senha").fill("nao-e-a-minha-senha");
  await dialog.getByRole("button", { name: "Excluir minha conta definitivamente" }).click();
  await expect(dialog.getByText(serverMessages.accountDeletePasswordWrong)).toBeVisible();
  await dialog.getByLabel("Sua senha").fill(people.deleter.password);
  await dialog.getByRole("button", { name: "Excluir minha conta definitivamente" }).click();

  await expect(page).toHaveURL("/login?conta=excluida");
  await expect(page.getByText(privacyMessages.accountDeleted)).toBeVisible();
  await page.getByLabel("E-mail", { exact: true }).fill(people.deleter.email);
  await page.getByLabel("Senha", { exact: true }).fill(people.deleter.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByText(authMessages.invalidCredentials)).toBeVisible();

  // The confirmation e-mail (the only mail this person ever gets).
  const mail = await waitForMail(people.deleter.email);
  expect(mail.to).toContain(people.deleter.email);
});

test("after the consent text changes, the shell asks again; nothing is recorded until the person accepts", async ({
  page,
}) => {
  await signInAs(page, people.outdated, "/check-ins");
  const dialog = page.getByRole("dialog", { name: "Atualizamos o termo de consentimento" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Agora não" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("o Sereno precisa do seu consentimento")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Dou meu consentimento" })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Dou meu consentimento" }).click();
  await expect(page.getByText(serverMessages.consentGiven)).toBeVisible();
  await expect(page.getByRole("button", { name: "Fazer check-in (+50 XP)" })).toBeVisible();
});
