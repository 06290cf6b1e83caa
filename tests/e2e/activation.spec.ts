/**
 * Joining without a corporate e-mail (issue 33, docs/decisions/045): a person
 * of the HR file with no e-mail activates at /ativar/{code} with CPF,
 * matrícula and a passkey (Chromium's virtual authenticator), signs out,
 * signs in with 'Entrar com chave de acesso' and checks in. Opened as
 * http://localhost: WebAuthn refuses IP origins. Another gives a personal
 * e-mail and password, which sign in only once the mailed link confirmed the
 * address (docs/decisions/066).
 */
import { expect, test } from "@playwright/test";
import { authMessages } from "#core/auth-messages.ts";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { confirmationSentMessage, emailConfirmationMessages } from "#core/schemas/email-confirmation.ts";
import { ACTIVATION, ACTIVATION_WITH_EMAIL, people } from "./support/fixtures.ts";
import {
  addVirtualAuthenticator,
  linkIn,
  SHOWN_RECOVERY_CODE,
  screenshotScreen,
  signInAs,
  waitForMail,
} from "./support/helpers.ts";

test.setTimeout(120_000);

test("a person without e-mail activates with CPF, matrícula and a passkey, signs back in with it and checks in", async ({
  page,
}) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto("/login");
  await page.getByRole("link", { name: "Primeiro acesso sem e-mail corporativo?" }).click();
  await expect(page).toHaveURL("/ativar");
  await expect(page.getByText("aponte a câmera do celular para o QR code")).toBeVisible();

  await page.goto(`/ativar/${ACTIVATION.code}`);
  await expect(page.getByText("Empresa E2E oferece o Sereno a você.")).toBeVisible();
  await page.getByLabel("CPF").fill("529.982.247-25");
  await page.getByLabel("Matrícula").fill("CX-999");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText(passkeyMessages.noMatch)).toBeVisible();

  await page.getByLabel("Matrícula").fill(ACTIVATION.matricula);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "Olá, Rosa! Como você quer entrar?" })).toBeVisible();
  await page.getByRole("button", { name: "Criar chave de acesso" }).click();
  // With a passkey comes the first recovery code (docs/decisions/055), shown once before the dashboard.
  await expect(page.getByText(passkeyMessages.activated)).toBeVisible();
  const reveal = page.getByRole("region", { name: "Guarde seu código de recuperação" });
  await expect(reveal.getByText(SHOWN_RECOVERY_CODE)).toBeVisible();
  await expect(page).toHaveURL(`/ativar/${ACTIVATION.code}`);
  await reveal.getByRole("button", { name: "Já guardei meu código" }).click();
  await expect(page).toHaveURL("/dashboard");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // Configurações lists the passkey made at /ativar.
  await page.goto("/settings");
  const keys = page.getByRole("region", { name: "Chaves de acesso" });
  await expect(keys.getByRole("list", { name: "Chaves de acesso" }).getByRole("listitem")).toHaveCount(1);
  await expect(keys.getByText("Último uso: ainda não usada")).toBeVisible();
  await expect(
    keys.getByRole("region", { name: "Código de recuperação" }).getByText(/^Criado em \d{2}\/\d{2}\/\d{4}\.$/),
  ).toBeVisible();

  // Signing out on purpose lands on /login itself, not on a /login?next= that would bring the person back here.
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL("/login");
  await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
  await expect(page).toHaveURL("/dashboard");
  // The key is now used.
  await page.goto("/settings");
  await expect(keys.getByText("Último uso: ainda não usada")).toHaveCount(0);

  // Activated without consent: the check-in asks for it first, as for anyone who has not given it.
  await page.goto("/check-ins");
  await page.getByRole("button", { name: "Dou meu consentimento" }).click();
  await page.getByRole("radio", { name: "Bom" }).click();
  await page.getByRole("button", { name: "Fazer check-in (+50 XP)" }).click();
  await expect(page.getByText("Check-in de hoje feito! +50 XP")).toBeVisible();

  // Activated once: the same CPF and matrícula now send the person to sign in.
  await page.context().clearCookies();
  await page.goto(`/ativar/${ACTIVATION.code}`);
  await page.getByLabel("CPF").fill(ACTIVATION.cpf);
  await page.getByLabel("Matrícula").fill(ACTIVATION.matricula);
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText(passkeyMessages.alreadyActivated)).toBeVisible();
});

test("a personal e-mail given at /ativar signs in only after the person opens the link mailed to it", async ({
  page,
}, testInfo) => {
  const person = ACTIVATION_WITH_EMAIL;
  const signInWithEmail = async () => {
    await page.goto("/login");
    await page.getByLabel("E-mail", { exact: true }).fill(person.personalEmail);
    await page.getByLabel("Senha", { exact: true }).fill(person.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
  };
  await page.goto(`/ativar/${ACTIVATION.code}`);
  await page.getByLabel("CPF").fill(person.cpf);
  await page.getByLabel("Matrícula").fill(person.matricula);
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("button", { name: "Prefiro usar um e-mail pessoal e uma senha" }).click();
  await page.getByLabel("E-mail pessoal").fill(person.personalEmail);
  await page.getByLabel("Senha", { exact: true }).fill(person.password);
  await page.getByLabel("Confirme a senha").fill(person.password);
  await page.getByRole("button", { name: "Ativar com e-mail e senha" }).click();
  await expect(page.getByText(confirmationSentMessage(person.personalEmail))).toBeVisible();
  await screenshotScreen(page, testInfo, "ativar-email-pendente");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL("/dashboard");

  // Not the account's e-mail yet: it signs nobody in.
  await page.context().clearCookies();
  await signInWithEmail();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(authMessages.invalidCredentials)).toBeVisible();

  const mail = await waitForMail(person.personalEmail);
  await page.goto(linkIn(mail.raw, "/confirmar-email"));
  await page.getByRole("button", { name: "Confirmar meu e-mail" }).click();
  await expect(page.getByText(emailConfirmationMessages.confirmed)).toBeVisible();
  await screenshotScreen(page, testInfo, "confirmar-email");
  await signInWithEmail();
  await expect(page).toHaveURL("/dashboard");
});

test("a member adds a passkey in Configurações and removes it after confirming; the removed key no longer signs in", async ({
  page,
}) => {
  await addVirtualAuthenticator(page);
  await signInAs(page, people.member, "/settings");
  const keys = page.getByRole("region", { name: "Chaves de acesso" });
  await expect(keys.getByText("Você ainda não criou uma chave de acesso.")).toBeVisible();
  await keys.getByRole("button", { name: "Criar chave de acesso" }).click();
  await expect(keys.getByText(passkeyMessages.created)).toBeVisible();
  await expect(keys.getByRole("list", { name: "Chaves de acesso" }).getByRole("listitem")).toHaveCount(1);

  await keys.getByRole("button", { name: /^Remover a chave/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remover esta chave de acesso?" });
  await confirm.getByRole("button", { name: "Remover chave" }).click();
  await expect(keys.getByText(passkeyMessages.removed)).toBeVisible();
  await expect(keys.getByText("Você ainda não criou uma chave de acesso.")).toBeVisible();

  // The key is still on the device but no longer in Sereno: signing in with it is refused in pt-BR.
  await page.getByRole("button", { name: "Sair" }).click();
  await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
  await expect(page.getByText(passkeyMessages.unknownKey)).toBeVisible();
});
