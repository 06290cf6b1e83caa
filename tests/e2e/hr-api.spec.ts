/**
 * The API for HR systems (issue 33, docs/decisions/044): a manager creates a
 * key on /team/importar and sees it once; the test sends one person with it
 * as an HR system would (fetch, a bearer key, no cookie); the person shows in
 * Equipe; the manager revokes the key, and the next call is a 401.
 */
import { expect, type Page, test } from "@playwright/test";
import { cpfFrom } from "#core/cpf.ts";
import { people } from "./support/fixtures.ts";
import { linkIn, signInAs, waitForMail } from "./support/helpers.ts";

test.setTimeout(120_000);

const stamp = Date.now().toString(36);
const manager = {
  email: `rh.${stamp}@sereno.test`,
  password: "sereno-e2e-senha-forte",
  name: "Helena Integra",
  role: "manager" as const,
};

async function shoot(page: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: test.info().outputPath(`hr-api-${name}-1280-${scheme}.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath(`hr-api-${name}-390-${scheme}.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("a manager makes an HR API key, an HR system sends a person with it, and a revoked key is refused", async ({
  browser,
  baseURL,
}) => {
  // An admin opens a company whose manager accepts the invitation.
  const adminPage = await browser.newPage();
  await signInAs(adminPage, people.admin, "/admin");
  const origin = new URL(adminPage.url()).origin;
  const created = await adminPage.request.post("/api/admin/companies", {
    headers: { origin },
    data: {
      name: `Lojas Integradas ${stamp}`,
      manager_name: manager.name,
      manager_email: manager.email,
      plan: "prime",
    },
  });
  expect(created.status()).toBe(201);
  const mail = await waitForMail(manager.email);
  const token = new URL(linkIn(mail.raw, "/confirm-account#access_token=")).hash.match(/access_token=([^&]+)/)?.[1];
  const accepted = await adminPage.request.post("/api/invites/accept", {
    headers: { origin },
    data: { token, password: manager.password, consent: true },
  });
  expect(accepted.status()).toBe(201);
  await adminPage.close();

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signInAs(page, manager, "/team/importar");
  const section = page.getByRole("region", { name: "Integração com o sistema de RH" });
  await expect(section.getByText("Nenhuma chave criada ainda.")).toBeVisible();
  await section.getByLabel("Nome da nova chave").fill("Gupy produção");
  await section.getByRole("button", { name: "Criar chave" }).click();
  const secretBox = section.getByLabel("Chave da API de RH");
  await expect(secretBox).toHaveValue(/^sereno_live_[A-Za-z0-9_-]{43}$/);
  const secret = await secretBox.inputValue();
  await expect(section.getByText("Copie agora: ela não será mostrada de novo.")).toBeVisible();
  await shoot(page, "1-created");
  await section.getByRole("button", { name: "Já copiei" }).click();
  await expect(secretBox).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(secret.slice(0, 18))).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  // The HR system: a bearer key, no cookie.
  const url = `${baseURL}/api/v1/roster/people/LJ-0042`;
  const person = {
    nome: "Paula Pela Api",
    cpf: cpfFrom("471258369"),
    estabelecimento: "11.222.333/0001-81",
    setor: "Loja Centro/Caixa",
    cargo: "Operadora de caixa",
    data_admissao: "03/02/2025",
  };
  const call = () =>
    fetch(url, {
      method: "PUT",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify(person),
    });
  const put = await call();
  expect(put.status).toBe(201);
  expect(await put.json()).toEqual({ matricula: "LJ-0042", outcome: "created", invited: false });

  await page.goto("/team");
  await expect(page.getByRole("heading", { name: "Pessoas do cadastro (1)" })).toBeVisible();
  const listed = page.getByRole("region", { name: /Pessoas do cadastro/ }).getByRole("listitem");
  await expect(listed).toContainText("Paula Pela Api");
  await expect(listed).toContainText("Matrícula LJ-0042");
  await expect(listed).toContainText("Setor: Loja Centro/Caixa");

  await page.goto("/team/importar");
  await expect(section.getByText(/último uso em/)).toBeVisible();
  // The day's additions through the API; only the platform admin may allow more (docs/decisions/057).
  await expect(section.getByText("Pessoas novas pela API nas últimas 24 horas: 1 de 25.")).toBeVisible();
  await expect(section.getByLabel("Liberar mais pessoas pela API (24 horas)")).toHaveCount(0);
  await section.getByRole("button", { name: "Revogar Gupy produção" }).click();
  const dialog = page.getByRole("alertdialog", { name: 'Revogar a chave "Gupy produção"?' });
  await expect(dialog).toBeVisible();
  await shoot(page, "2-revoke");
  await dialog.getByRole("button", { name: "Revogar" }).click();
  await expect(page.getByText("Chave revogada. As próximas chamadas com ela serão recusadas.")).toBeVisible();
  await expect(section.getByText("Revogada", { exact: true })).toBeVisible();
  await expect(section.getByRole("button", { name: "Revogar Gupy produção" })).toHaveCount(0);

  const refused = await call();
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    "Chave de API inválida ou revogada. Crie outra em Equipe › Importar pessoas.",
  );
});
