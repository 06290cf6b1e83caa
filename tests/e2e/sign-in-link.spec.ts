import { expect, test } from "@playwright/test";
import { authMessages } from "#core/auth-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { people } from "./support/fixtures.ts";
import { countMails, linkIn, waitForMail } from "./support/helpers.ts";

test("a member whose password strangers keep blocking gets in with the e-mailed link", async ({ page, baseURL }) => {
  test.setTimeout(120_000); // a dozen password checks before the link
  const person = people.linker;
  // Strangers guess the password until the sign-in limits refuse this account from this address.
  for (let i = 0; i < 10; i++) {
    const guess = await page.request.post("/api/auth/sign-in/email", {
      headers: { origin: baseURL ?? "" },
      data: { email: person.email, password: `chute-errado-${i}` },
    });
    expect(guess.status()).toBe(401);
  }

  await page.goto("/login");
  await page.getByLabel("E-mail", { exact: true }).fill(person.email);
  await page.getByLabel("Senha", { exact: true }).fill(person.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByText(serverMessages.signInLimited)).toBeVisible();
  await expect(page).toHaveURL("/login");

  const before = await countMails(person.email);
  await page.getByRole("button", { name: "Enviar link de acesso por e-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: authMessages.signInLinkSent })).toBeVisible();

  const mail = await waitForMail(person.email, before);
  expect(mail.raw).toContain("Seu link de acesso ao Sereno");
  const link = linkIn(mail.raw, "/entrar-com-link?token=");
  // Opening the link signs nobody in (mail scanners open links): the person presses the button.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Entrar com link" })).toBeVisible();
  await page.getByRole("link", { name: "Entrar no Sereno" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Single use: the same link again lands on /login, said in pt-BR.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole("link", { name: "Entrar no Sereno" }).click();
  await expect(page).toHaveURL(/\/login\?erro=link/);
  await expect(page.getByText(authMessages.signInLinkInvalid)).toBeVisible();
});
