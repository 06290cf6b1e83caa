/**
 * Issue 51 item 4, docs/decisions/085: past the day's cap an HR key's new
 * people are held; the manager sees them on /team/importar under 'Aguardando
 * sua confirmação', confirms one (created, in Equipe) and discards the other
 * after a confirmation dialog.
 */
import { expect, type Page, test } from "@playwright/test";
import { cpfFrom } from "#core/cpf.ts";
import { rosterFields } from "#core/roster.ts";
import { people } from "./support/fixtures.ts";
import { linkIn, signInAs, waitForMail } from "./support/helpers.ts";

test.setTimeout(180_000);

const stamp = Date.now().toString(36);
const manager = {
  email: `rh.guarda.${stamp}@sereno.test`,
  password: "sereno-e2e-senha-forte",
  name: "Helena Confere",
  role: "manager" as const,
};

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/work/shots/b-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `/work/shots/b-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** 25 people as an HR system's full file: the floor of a small company's day. */
function fullFile(): string {
  const rows = Array.from({ length: 25 }, (_, i) => {
    const person: Record<string, string> = {
      nome: `Pessoa Do Arquivo ${i + 1}`,
      cpf: cpfFrom(String(300_000_000 + i * 11)),
      matricula: `AR-${i + 1}`,
    };
    return rosterFields.map((field) => person[field] ?? "").join(";");
  });
  return `${[rosterFields.join(";"), ...rows].join("\r\n")}\r\n`;
}

test("an HR key past the cap waits for the manager, who confirms one person and discards another", async ({
  browser,
  baseURL,
}) => {
  const adminPage = await browser.newPage();
  await signInAs(adminPage, people.admin, "/admin");
  const origin = new URL(adminPage.url()).origin;
  const created = await adminPage.request.post("/api/admin/companies", {
    headers: { origin },
    data: {
      name: `Lojas Conferidas ${stamp}`,
      manager_name: manager.name,
      manager_email: manager.email,
      plan: "enterprise",
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
  const key = await page.request.post("/api/roster/api-keys", { headers: { origin }, data: { name: "Gupy produção" } });
  expect(key.status()).toBe(201);
  const { secret } = (await key.json()) as { secret: string };
  const hr = (path: string, init: RequestInit) =>
    fetch(`${baseURL}${path}`, { ...init, headers: { authorization: `Bearer ${secret}`, ...init.headers } });

  const sync = await hr("/api/v1/roster/sync", {
    method: "POST",
    headers: { "content-type": "text/csv; charset=utf-8" },
    body: fullFile(),
  });
  expect(sync.status).toBe(202);
  const { id } = (await sync.json()) as { id: string };
  await expect
    .poll(async () => ((await (await hr(`/api/v1/roster/sync/${id}`, {})).json()) as { status: string }).status, {
      timeout: 60_000,
    })
    .toBe("done");

  const put = (matricula: string, nome: string, n: string) =>
    hr(`/api/v1/roster/people/${matricula}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ nome, cpf: cpfFrom(n), cargo: "Operadora de caixa" }),
    });
  for (const [matricula, nome, n] of [
    ["LJ-0100", "Paula Aguardando", "612345678"],
    ["LJ-0101", "Conta Estranha", "623456789"],
  ] as const) {
    const held = await put(matricula, nome, n);
    expect(held.status).toBe(202);
    expect(((await held.json()) as { message: string }).message).toContain("guardada para confirmação");
  }

  await page.reload();
  const section = page.getByRole("region", { name: "Aguardando sua confirmação" });
  await expect(section.getByText("O sistema de RH enviou 2 pessoas além do limite do dia")).toBeVisible();
  const list = section.getByRole("list", { name: "Pessoas aguardando confirmação" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list).toContainText("Matrícula LJ-0100");
  await expect(list).toContainText("pela chave Gupy produção");
  await section.getByRole("checkbox", { name: /Paula Aguardando/ }).check();
  await shoot(page, "held-people");
  await section.getByRole("button", { name: "Confirmar 1 pessoa" }).click();
  await expect(page.getByText("1 pessoa confirmada e adicionada ao cadastro.")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);

  await section.getByRole("checkbox", { name: /Conta Estranha/ }).check();
  await section.getByRole("button", { name: "Descartar escolhidas" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Descartar 1 pessoa?" });
  await expect(dialog).toBeVisible();
  await shoot(page, "held-discard");
  await dialog.getByRole("button", { name: "Descartar" }).click();
  await expect(page.getByText("1 pessoa descartada: ela não entra no cadastro.")).toBeVisible();
  await expect(section).toHaveCount(0);

  await page.goto("/team");
  await expect(page.getByRole("heading", { name: "Pessoas do cadastro (26)" })).toBeVisible();
  await page.getByLabel("Buscar por nome ou matrícula").fill("LJ-01");
  const listed = page.getByRole("region", { name: /Pessoas do cadastro/ }).getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Paula Aguardando");
});
