/**
 * The recovery-code nudge (docs/decisions/055): a person who signs in only
 * with a passkey and activated before recovery codes existed is asked on the
 * dashboard to make one. The card leads to Configurações › Chaves de acesso
 * and is gone once the code is made. An ordinary member never sees it, and
 * their dashboard never asks for the code's status. Opened as
 * http://localhost: WebAuthn refuses IP origins.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { PASSKEY_ONLY, people } from "./support/fixtures.ts";
import {
  addVirtualAuthenticator,
  applyTheme,
  clickMenuEntry,
  SHOWN_RECOVERY_CODE,
  screenshotScreen,
  signInAs,
} from "./support/helpers.ts";

test.setTimeout(120_000);

const STATUS_PATH = "/api/me/recovery-code";

/** Every read of the recovery code's status the page makes from now on. */
function statusReads(page: Page): string[] {
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === STATUS_PATH) reads.push(request.url());
  });
  return reads;
}

/** The phone the person activated on: Chromium's virtual authenticator holding the passkey server.ts seeded. */
async function phoneWithSeededPasskey(page: Page) {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  // CDP's binary fields are plain base64.
  const base64 = (base64url: string) => Buffer.from(base64url, "base64url").toString("base64");
  await cdp.send("WebAuthn.addCredential", {
    authenticatorId,
    credential: {
      credentialId: base64(PASSKEY_ONLY.credentialId),
      isResidentCredential: true,
      rpId: "localhost",
      privateKey: base64(PASSKEY_ONLY.privateKey),
      userHandle: Buffer.from(PASSKEY_ONLY.userId).toString("base64"),
      signCount: 0,
    },
  });
}

test("a passkey-only person without a recovery code is asked on the dashboard to make one; once made, the card is gone", async ({
  page,
  browser,
}, info) => {
  await phoneWithSeededPasskey(page);
  const reads = statusReads(page);
  await page.goto("/login");
  await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
  await expect(page).toHaveURL("/dashboard");

  const nudge = page.getByRole("region", { name: "Proteja seu acesso" });
  await expect(nudge).toBeVisible();
  await expect(nudge).toContainText("Você entra no Sereno só com a sua chave de acesso.");
  expect(reads).toHaveLength(1);
  await screenshotScreen(page, info, "recovery-nudge-dashboard");
  for (const dark of [false, true]) {
    await applyTheme(page, dark);
    const { violations } = await new AxeBuilder({ page }).include("main").analyze();
    const serious = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => violation.id)).toEqual([]);
  }
  await applyTheme(page, false);

  // On a phone, as most of these people are: the link opens Configurações at Chaves de acesso, its title focused,
  // with the recovery code's button in sight.
  await page.setViewportSize({ width: 390, height: 844 });
  await nudge.getByRole("link", { name: "Criar código de recuperação" }).click();
  await expect(page).toHaveURL("/settings#chaves-de-acesso");
  const keys = page.getByRole("region", { name: "Chaves de acesso" });
  await expect(keys.getByRole("heading", { name: "Chaves de acesso" })).toBeFocused();
  const block = keys.getByRole("region", { name: "Código de recuperação" });
  const create = block.getByRole("button", { name: "Criar código de recuperação" });
  await expect(block.getByText("Você ainda não tem um código de recuperação.")).toBeVisible();
  await expect(keys.getByRole("heading", { name: "Chaves de acesso" })).toBeInViewport({ ratio: 1 });
  await expect(create).toBeInViewport({ ratio: 1 });
  // Not hidden under the shell's sticky header.
  const title = await keys.getByRole("heading", { name: "Chaves de acesso" }).boundingBox();
  const header = await page.getByRole("banner").boundingBox();
  expect(title?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  await page.screenshot({ path: info.outputPath("recovery-nudge-settings-390-light.png") });

  await create.click();
  await expect(block.getByText(SHOWN_RECOVERY_CODE)).toBeVisible();
  await block.getByRole("button", { name: "Já guardei meu código" }).click();
  await expect(block.getByText(/^Criado em \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
  // Her account's internal address is nobody's: Perfil says she has no e-mail and how she comes in.
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("Sem e-mail");
  await expect(page.getByText("Sua conta não tem e-mail: você entra com sua chave de acesso")).toBeVisible();
  // Nothing offers e-mail, nor describes a way in she has not (issue 45, minor list).
  const notifications = page.getByRole("region", { name: "Notificações" });
  await expect(notifications.getByText("os lembretes chegam como notificações push")).toBeVisible();
  await expect(notifications.getByRole("switch", { name: "Notificações por e-mail" })).toHaveCount(0);
  await expect(notifications.getByRole("switch", { name: "Lembretes de check-in" })).toBeVisible();
  await expect(page.getByText("Sua conta não tem senha nem e-mail: você entra com sua chave de acesso.")).toBeVisible();
  await expect(page.getByText("link de acesso enviado ao seu e-mail")).toHaveCount(0);

  // Back by the menu, without a reload: the status the new code wrote into the cache hides the card.
  await page.setViewportSize({ width: 1280, height: 720 });
  await clickMenuEntry(page, "Painel");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("group", { name: "Nível e XP" })).toBeVisible();
  await expect(nudge).toHaveCount(0);
  // And after a reload, from the server's answer.
  const before = reads.length;
  await page.reload();
  await expect(page.getByRole("group", { name: "Nível e XP" })).toBeVisible();
  await expect.poll(() => reads.length).toBe(before + 1);
  await expect(nudge).toHaveCount(0);

  // Apoio psicológico says she has no e-mail rather than showing the machine address (issue 45, minor list).
  await clickMenuEntry(page, "Apoio psicológico", "Apoio");
  await expect(page.getByText("Sua conta não tem e-mail: informe um aqui para receber os avisos")).toBeVisible();
  await expect(page.getByText("sem-email.sereno.invalid")).toHaveCount(0);
  await screenshotScreen(page, info, "care-sem-email");

  // The admin's Registro de acessos names her by her HR matrícula, never by the machine address (issue 45, item 8).
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, people.admin);
  await admin.goto("/admin/auditoria");
  await admin.getByLabel("Ação", { exact: true }).selectOption({ label: "Código de recuperação criado" });
  await admin.getByRole("button", { name: "Filtrar" }).click();
  const rows = admin.getByRole("row").filter({ hasText: "Código de recuperação criado" });
  await expect(rows.filter({ hasText: `Sem e-mail · matrícula ${PASSKEY_ONLY.matricula}` }).first()).toBeVisible();
  await expect(admin.getByText("sem-email.sereno.invalid")).toHaveCount(0);
  await admin.goto("/admin/inicio");
  await expect(admin.getByRole("heading", { name: "Visão geral", level: 1 })).toBeVisible();
  await expect(admin.getByText("sem-email.sereno.invalid")).toHaveCount(0);
  await admin.context().close();
});

test("an ordinary member's dashboard has no such card and never asks for the recovery code's status", async ({
  page,
}) => {
  const reads = statusReads(page);
  await signInAs(page, people.member);
  // The card's read would start as the dashboard mounts, with the panels' own: by the time they answered, it
  // would have been sent.
  await expect(page.getByRole("group", { name: "Nível e XP" })).toBeVisible();
  expect(reads).toEqual([]);
  await expect(page.getByRole("region", { name: "Proteja seu acesso" })).toHaveCount(0);
});
