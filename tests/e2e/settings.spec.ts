import { expect, type Page, test } from "@playwright/test";
import { authMessages } from "#core/auth-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

function section(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

test.describe("settings", () => {
  test("the name is editable only after 'Editar', is saved trimmed and greets in the header", async ({ page }) => {
    await signInAs(page, people.themer, "/settings");
    await expect(page.getByRole("heading", { name: "Configurações", level: 1 })).toBeVisible();
    const profile = section(page, "Perfil");
    const name = profile.getByLabel("Nome", { exact: true });
    await expect(name).toHaveValue(people.themer.name);
    await expect(name).not.toBeEditable();
    await expect(profile.getByLabel("E-mail", { exact: true })).toHaveValue(people.themer.email);
    await expect(profile.getByLabel("E-mail", { exact: true })).not.toBeEditable();

    await profile.getByRole("button", { name: "Editar" }).click();
    await expect(name).toBeEditable();
    await expect(name).toBeFocused();
    await name.fill("   ");
    await profile.getByRole("button", { name: "Salvar" }).click();
    await expect(profile.getByText(settingsMessages.nameRequired)).toBeVisible();

    await profile.getByRole("button", { name: "Cancelar" }).click();
    await expect(name).toHaveValue(people.themer.name);
    await expect(name).not.toBeEditable();

    await profile.getByRole("button", { name: "Editar" }).click();
    await name.fill("  Novo Nome  ");
    await profile.getByRole("button", { name: "Salvar" }).click();
    const saved = profile.getByRole("status").filter({ hasText: settingsMessages.settingsSaved });
    await expect(saved).toBeVisible();
    await expect(name).not.toBeEditable();
    await expect(name).toHaveValue("Novo Nome");
    await expect(page.getByText("Olá, Novo Nome")).toBeVisible();
    // Spec 4: the message goes away after 3 s.
    await expect(saved).toBeHidden({ timeout: 5_000 });

    await page.reload();
    await expect(section(page, "Perfil").getByLabel("Nome", { exact: true })).toHaveValue("Novo Nome");
    await expect(page.getByText("Olá, Novo Nome")).toBeVisible();
  });

  test("a failed save says so and keeps the field open", async ({ page }) => {
    await signInAs(page, people.member, "/settings");
    const profile = section(page, "Perfil");
    await page.route("**/api/me", (route) =>
      route.request().method() === "PATCH"
        ? route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "x", requestId: "r" } } })
        : route.fallback(),
    );
    await profile.getByRole("button", { name: "Editar" }).click();
    await profile.getByLabel("Nome", { exact: true }).fill("Outro Nome");
    await profile.getByRole("button", { name: "Salvar" }).click();
    await expect(profile.getByRole("alert").filter({ hasText: settingsMessages.settingsFailed })).toBeVisible();
    await expect(profile.getByLabel("Nome", { exact: true })).toBeEditable();
  });

  test("notification switches start at the defaults, save as they flip and survive a reload", async ({ page }) => {
    await signInAs(page, people.themer, "/settings");
    const notifications = section(page, "Notificações");
    const email = notifications.getByRole("switch", { name: "Notificações por e-mail" });
    const reminders = notifications.getByRole("switch", { name: "Lembretes de check-in" });
    const updates = notifications.getByRole("switch", { name: "Novidades do Sereno" });
    // Push is on as a preference, but this browser is not subscribed yet: off until the person turns it on (docs/decisions/027).
    const push = notifications.getByRole("switch", { name: "Notificações push" });
    await expect(push).toBeEnabled();
    await expect(push).not.toBeChecked();
    await expect(email).toBeChecked();
    await expect(reminders).toBeChecked();
    await expect(updates).not.toBeChecked();

    const saves = page.waitForResponse(
      (response) => response.url().endsWith("/api/me") && response.request().method() === "PATCH",
    );
    await updates.click();
    await saves;
    // Clicking the label's row works as well as the switch itself.
    await notifications.getByText("Notificações por e-mail", { exact: true }).click();
    await expect(updates).toBeChecked();
    await expect(email).not.toBeChecked();
    await expect(notifications.getByRole("status").filter({ hasText: settingsMessages.settingsSaved })).toBeVisible();
    await expect
      .poll(async () => (await page.request.get("/api/me")).json())
      .toMatchObject({
        notificationPreferences: { email: false, push: true, reminders: true, updates: true },
      });

    await page.reload();
    await expect(section(page, "Notificações").getByRole("switch", { name: "Novidades do Sereno" })).toBeChecked();
    await expect(
      section(page, "Notificações").getByRole("switch", { name: "Notificações por e-mail" }),
    ).not.toBeChecked();
  });

  test("a failed notification save puts the switch back and says so", async ({ page }) => {
    await signInAs(page, people.member, "/settings");
    const notifications = section(page, "Notificações");
    const reminders = notifications.getByRole("switch", { name: "Lembretes de check-in" });
    await expect(reminders).toBeChecked();
    await page.route("**/api/me", (route) =>
      route.request().method() === "PATCH" ? route.abort("failed") : route.fallback(),
    );
    await reminders.click();
    await expect(notifications.getByRole("alert").filter({ hasText: settingsMessages.settingsFailed })).toBeVisible();
    await expect(reminders).toBeChecked();
  });

  test("choosing dark in Settings applies it and it survives a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await signInAs(page, people.themer, "/settings");
    const theme = section(page, "Tema");
    const html = page.locator("html");
    await theme.getByRole("button", { name: "Escuro", exact: true }).click();
    await expect(html).toHaveClass(/dark/);
    await expect(theme.getByRole("button", { name: "Escuro", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(theme.getByRole("button", { name: "Claro", exact: true })).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await expect(section(page, "Tema").getByRole("button", { name: "Escuro", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });
});

test.describe("changing the password", () => {
  test("mismatch, wrong current password, then success; the new password signs in", async ({ page }) => {
    const newPassword = "outra-senha-bem-forte-42";
    await signInAs(page, people.changer, "/settings");
    const security = section(page, "Privacidade e segurança");
    await expect(security.getByText("Seus check-ins são privados.")).toBeVisible();
    const toggle = security.getByRole("button", { name: "Alterar senha" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");

    const current = security.getByLabel("Senha atual", { exact: true });
    const next = security.getByLabel("Nova senha", { exact: true });
    const confirmation = security.getByLabel("Confirme a nova senha", { exact: true });
    const submit = security.getByRole("button", { name: "Salvar nova senha" });

    await current.fill(people.changer.password);
    await next.fill("curta");
    await confirmation.fill("curta");
    await submit.click();
    await expect(security.getByText(authMessages.passwordTooShort)).toBeVisible();

    await next.fill(newPassword);
    await confirmation.fill(`${newPassword}-diferente`);
    await submit.click();
    await expect(security.getByText(authMessages.passwordsDontMatch)).toBeVisible();

    await current.fill("senha-atual-errada");
    await confirmation.fill(newPassword);
    await submit.click();
    await expect(security.getByText(serverMessages.currentPasswordWrong)).toBeVisible();
    await expect(current).toBeFocused();

    await current.fill(people.changer.password);
    await submit.click();
    await expect(security.getByRole("status").filter({ hasText: settingsMessages.passwordChanged })).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(current).toHaveCount(0);
    // Still signed in here after the change (the session cookie was renewed).
    await page.reload();
    await expect(page.getByRole("heading", { name: "Configurações", level: 1 })).toBeVisible();

    await page.getByRole("complementary").getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/login/);
    await signInAs(page, { ...people.changer, password: newPassword });
  });

  test("closing the form with 'Cancelar' clears it", async ({ page }) => {
    await signInAs(page, people.member, "/settings");
    const security = section(page, "Privacidade e segurança");
    const toggle = security.getByRole("button", { name: "Alterar senha" });
    await toggle.click();
    await security.getByLabel("Senha atual", { exact: true }).fill("algo");
    await security.getByRole("button", { name: "Cancelar" }).click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(security.getByLabel("Senha atual", { exact: true })).toHaveValue("");
  });
});
