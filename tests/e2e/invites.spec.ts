import { expect, type Page, test } from "@playwright/test";
import { adminMessages } from "#core/admin-messages.ts";
import { authMessages } from "#core/auth-messages.ts";
import { inviteMessages } from "#core/invite-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { teamMessages } from "#core/team-messages.ts";
import { FIXTURE_COMPANY, type FixturePerson, people } from "./support/fixtures.ts";
import { linkIn, signInAs, waitForMail } from "./support/helpers.ts";

function stamp(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** Types a password pair and submits: the three setup-page checks share this. */
async function choosePassword(page: Page, password: string, confirmation: string, submit: string) {
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByLabel("Confirme a senha", { exact: true }).fill(confirmation);
  await page.getByRole("button", { name: submit }).click();
}

test("an admin creates a company; its manager activates the account from the e-mail and signs in", async ({ page }) => {
  const company = `Cooperativa Serena ${stamp()}`;
  const manager: FixturePerson = {
    email: `gestora.${stamp()}@cooperativa.test`,
    name: "Vitória Valente",
    password: "cooperar-com-calma-9",
    role: "manager",
  };

  await signInAs(page, people.admin, "/admin");
  await page.getByRole("button", { name: "Nova empresa" }).click();
  const form = page.getByRole("form", { name: "Cadastrar nova empresa" });
  await form.getByLabel("Nome da empresa").fill(company);
  await form.getByLabel("Nome do gestor").fill(manager.name);
  await form.getByLabel("E-mail do gestor").fill(manager.email);
  await form.getByRole("button", { name: "Criar empresa" }).click();
  await expect(page.getByText(adminMessages.companyCreated)).toBeVisible();

  // The invite names whoever sent it, as their profile says.
  const inviter = ((await (await page.request.get("/api/me")).json()) as { name: string }).name;
  const mail = await waitForMail(manager.email);
  const link = linkIn(mail.raw, "/confirm-account#access_token=");
  // The invitee is someone else: no admin session from here on.
  await page.context().clearCookies();
  await page.goto(link);

  await expect(page.getByRole("heading", { name: "Ative sua conta", level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  await expect(main).toContainText(`${inviter} convidou você para a ${company}`);
  await expect(main.getByRole("link", { name: /Política de Privacidade/ })).toHaveAttribute("href", "/privacidade");
  const email = page.getByLabel("E-mail", { exact: true });
  await expect(email).toHaveValue(manager.email);
  await expect(email).not.toBeEditable();

  await choosePassword(page, "curta", "curta", "Ativar conta");
  await expect(page.getByText(authMessages.passwordTooShort)).toBeVisible();
  await choosePassword(page, manager.password, `${manager.password}-outra`, "Ativar conta");
  await expect(page.getByText(authMessages.passwordsDontMatch)).toBeVisible();
  await choosePassword(page, manager.password, manager.password, "Ativar conta");
  // The wellbeing-data consent is its own, unticked step (LGPD art. 11, I).
  await expect(page.getByText(inviteMessages.consentRequired)).toBeVisible();
  await page.getByRole("checkbox", { name: /Autorizo o Sereno/ }).check();
  await page.getByRole("button", { name: "Ativar conta" }).click();

  await expect(page.getByRole("heading", { name: inviteMessages.accountConfirmed })).toBeVisible();
  await expect(page).toHaveURL("/login?conta=ativada", { timeout: 8_000 });
  await expect(page.getByText(inviteMessages.accountActivated)).toBeVisible();
  await signInAs(page, manager);
  await expect(page.getByText(`Olá, ${manager.name}`)).toBeVisible();

  // Single use: the same link no longer works.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: inviteMessages.linkInvalidOrExpired })).toBeVisible();
});

test("a manager invites a member from /team; the member creates the account and signs in", async ({ page }) => {
  const member: FixturePerson = {
    email: `novo.membro.${stamp()}@sereno.test`,
    name: "Nina Nascimento",
    password: "respirar-fundo-todo-dia",
    role: "user",
  };

  await signInAs(page, people.manager, "/team");
  const toggle = page.getByRole("button", { name: "Adicionar membro" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.getByLabel("Nome", { exact: true }).fill(member.name);
  await page.getByLabel("E-mail", { exact: true }).fill(member.email);
  await page.getByRole("button", { name: "Enviar convite", exact: true }).click();
  await expect(page.getByText(serverMessages.inviteSent)).toBeVisible();

  const mail = await waitForMail(member.email);
  // linkIn takes a regex fragment: '?' would be a quantifier there.
  const link = linkIn(mail.raw, "/accept-invite");
  expect(link).toContain("/accept-invite?token=");
  await page.context().clearCookies();
  await page.goto(link);

  await expect(page.getByRole("heading", { name: "Crie sua conta", level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(
    `${people.manager.name} convidou você para a ${FIXTURE_COMPANY.name}`,
  );
  const name = page.getByLabel("Nome", { exact: true });
  const email = page.getByLabel("E-mail", { exact: true });
  await expect(name).toHaveValue(member.name);
  await expect(name).not.toBeEditable();
  await expect(email).toHaveValue(member.email);
  await expect(email).not.toBeEditable();

  await choosePassword(page, member.password, "outra-coisa-qualquer", "Criar conta");
  await expect(page.getByText(authMessages.passwordsDontMatch)).toBeVisible();
  await page.getByRole("checkbox", { name: /Autorizo o Sereno/ }).check();
  await choosePassword(page, member.password, member.password, "Criar conta");
  await expect(page.getByText(inviteMessages.accountCreated)).toBeVisible();
  await expect(page).toHaveURL("/login?conta=ativada", { timeout: 8_000 });
  await expect(page.getByText(inviteMessages.accountActivated)).toBeVisible();
  await signInAs(page, member);
  await expect(page.getByText(`Olá, ${member.name}`)).toBeVisible();
});

test("a manager resends a pending invitation: a new e-mail comes, and only its link works", async ({
  page,
  browser,
}) => {
  const name = "Rosa Reenvio";
  const email = `reenvio.${stamp()}@sereno.test`;
  await signInAs(page, people.manager, "/team");
  await page.getByRole("button", { name: "Adicionar membro" }).click();
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviar convite", exact: true }).click();
  await expect(page.getByText(serverMessages.inviteSent)).toBeVisible();
  const first = linkIn((await waitForMail(email)).raw, "/accept-invite");
  const pending = page
    .getByRole("region", { name: "Convites pendentes" })
    .getByRole("listitem")
    .filter({ hasText: email });
  // The list follows the e-mail: once it has left, no 'Enviando e-mail…' remains.
  await expect(pending.getByText(teamMessages.inviteDeliverySending)).toHaveCount(0);

  await pending.getByRole("button", { name: `Reenviar convite para ${name}` }).click();
  await expect(page.getByText(serverMessages.inviteResent)).toBeVisible();
  const second = linkIn((await waitForMail(email, 1)).raw, "/accept-invite");
  expect(second).not.toBe(first);
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(first);
  await expect(invitee.getByRole("heading", { name: inviteMessages.linkInvalidOrExpired })).toBeVisible();
  await invitee.goto(second);
  await expect(invitee.getByRole("heading", { name: "Crie sua conta", level: 1 })).toBeVisible();
  await invitee.context().close();

  // A pending invitation holds a seat: cancel it so other journeys count the same team.
  await pending.getByRole("button", { name: `Cancelar convite de ${name}` }).click();
  await expect(page.getByText(serverMessages.inviteCancelled)).toBeVisible();
});

test("missing, tampered and malformed links all say 'Link inválido ou expirado' and point to the login", async ({
  page,
}) => {
  const links = [
    "/confirm-account",
    "/accept-invite",
    `/confirm-account#access_token=${"a".repeat(43)}&type=invite`,
    `/accept-invite?token=${"b".repeat(43)}`,
    // Too short to be one of ours: refused before any lookup (400), still the same words.
    "/confirm-account#access_token=curto&type=invite",
  ];
  for (const link of links) {
    await page.goto(link);
    await expect(page.getByRole("heading", { name: inviteMessages.linkInvalidOrExpired })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ir para o login" })).toBeVisible();
    // The link itself was refused: retrying cannot help, so no retry button.
    await expect(page.getByRole("button", { name: "Tentar novamente" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Criar conta|Ativar conta/ })).toHaveCount(0);
  }
});
