/**
 * 'Importar pessoas' (issue 33): an admin imports a 300-row HR file with 3 bad
 * rows, applies it with progress, finds the 297 people in Equipe in their
 * sectors; the same file again changes nothing; a full file missing 150 of them
 * stops at the guardrail until confirmed, and a leaver cannot sign in.
 * The files are made here, not committed.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { authMessages } from "#core/auth-messages.ts";
import { cpfFrom } from "#core/cpf.ts";
import { people } from "./support/fixtures.ts";
import { linkIn, openCompany, screenshotScreen, signInAs, waitForMail } from "./support/helpers.ts";

test.setTimeout(240_000);

const stamp = Date.now().toString(36);
const sectors = ["Operações/Atendimento", "Operações/Logística", "Administrativo"];
const leaver = { email: `saida.importada.${stamp}@sereno.test`, password: "sereno-e2e-senha-forte" };

type Row = { i: number; cells: string[] };

/** Row i (1..300) of the HR file; rows 11, 101 and 201 are bad (CPF digits, no matrícula, a repeated CPF). */
function rowOf(i: number): Row {
  const cpf = i === 11 ? "123.456.789-00" : cpfFrom(String(300_000_000 + (i === 201 ? 1 : i) * 13));
  const email = i === 10 ? leaver.email : i % 25 === 0 ? `importada.${i}.${stamp}@sereno.test` : "";
  return {
    i,
    cells: [
      `Pessoa ${String(i).padStart(4, "0")}`,
      cpf,
      i === 101 ? "" : `M${i}`,
      email,
      "",
      "11.222.333/0001-81",
      sectors[i % 3] as string,
      "Atendente",
      "05/03/2024",
    ],
  };
}

const BAD = new Set([11, 101, 201]);
const allRows = Array.from({ length: 300 }, (_, k) => rowOf(k + 1));
const validRows = allRows.filter((row) => !BAD.has(row.i));

/** Semicolons and Latin-1, as older HR systems export; 'Área de atuação' is no usual name for the sector. */
function hrFile(rows: Row[]): { name: string; mimeType: string; buffer: Buffer } {
  const header = "Nome;CPF;Matrícula;E-mail;E-mail pessoal;CNPJ;Área de atuação;Cargo;Data de admissão";
  const text = [header, ...rows.map((row) => row.cells.join(";"))].join("\r\n");
  return { name: "colaboradores.csv", mimeType: "text/csv", buffer: Buffer.from(`${text}\r\n`, "latin1") };
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath(`roster-${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`roster-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function uploadAndPreview(page: Page, rows: Row[], pickSector: boolean) {
  await page.locator('input[type="file"]').setInputFiles(hrFile(rows));
  await expect(page.getByRole("heading", { name: "2. Confira as colunas" })).toBeVisible();
  const sector = page.getByLabel("Setor", { exact: true });
  if (pickSector) {
    await expect(sector).toHaveValue("");
    await sector.selectOption({ label: "Área de atuação" });
  }
  await page.getByRole("button", { name: "Pré-visualizar" }).click();
  await expect(page.getByRole("heading", { name: "3. Pré-visualização" })).toBeVisible();
}

const count = (page: Page, label: string) =>
  page.locator("dl[aria-label='Resumo da pré-visualização'] > div").filter({ hasText: label }).locator("dd");

test("an admin imports people from an HR file, again with no change, and a full file stops at the guardrail", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, people.admin, "/admin");
  const origin = new URL(page.url()).origin;
  const name = `Importadora ${stamp}`;
  const created = await page.request.post("/api/admin/companies", {
    headers: { origin },
    data: { name, manager_name: "Gina Importa", manager_email: `gina.${stamp}@sereno.test`, plan: "enterprise" },
  });
  expect(created.status()).toBe(201);
  const companyId = (await created.json()).id as string;

  // Administração › the company's card › Importar pessoas.
  await page.reload();
  const card = await openCompany(page, name);
  await card.getByRole("link", { name: "Importar pessoas" }).click();
  await expect(page).toHaveURL(`/team/importar?empresa=${companyId}`);
  await expect(page.getByRole("heading", { name: "1. Envie o arquivo do RH" })).toBeVisible();
  await shoot(page, "1-upload");

  await page.locator('input[type="file"]').setInputFiles(hrFile(allRows));
  await expect(page.getByRole("heading", { name: "2. Confira as colunas" })).toBeVisible();
  await expect(page.getByLabel("Nome (obrigatório)")).toHaveValue("0");
  await expect(page.getByLabel("Matrícula (obrigatório)")).toHaveValue("2");
  await page.getByLabel("Setor", { exact: true }).selectOption({ label: "Área de atuação" });
  await shoot(page, "2-mapping");
  await page.getByRole("button", { name: "Pré-visualizar" }).click();

  await expect(page.getByRole("heading", { name: "3. Pré-visualização" })).toBeVisible();
  await expect(count(page, "Novas")).toHaveText("297");
  await expect(count(page, "Recusadas")).toHaveText("3");
  const rejected = page.getByRole("table", { name: /Linhas recusadas/ });
  await expect(rejected.getByRole("row")).toHaveCount(4);
  await expect(rejected.getByRole("row").nth(1)).toContainText("12CPFCPF inválido");
  await expect(rejected.getByRole("row").nth(2)).toContainText("102Matrícula");
  await expect(rejected.getByRole("row").nth(3)).toContainText("202CPFCPF repetido: já aparece na linha 2.");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Baixar linhas recusadas (CSV)" }).click(),
  ]);
  const csv = readFileSync((await download.path()) as string, "utf8");
  expect(csv).toContain("Linha;Coluna;Motivo");
  expect(csv).toContain("102;Matrícula;Campo obrigatório vazio.");
  await shoot(page, "3-preview");

  await page.getByRole("button", { name: "Aplicar importação" }).click();
  await expect(page.getByRole("progressbar", { name: "Progresso da importação" })).toBeVisible();
  await expect(page.getByText(/de 297 linhas/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Importação concluída" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("297 de 297 linhas")).toBeVisible();
  await shoot(page, "4-done");
  // A reload finds the import where it is, never a blank wizard.
  await page.reload();
  await expect(page.getByText(/^Última importação:/)).toContainText("297 cadastradas, 0 atualizadas, 0 saíram.");

  await page.goto(`/team?empresa=${companyId}`);
  await expect(page.getByRole("heading", { name: "Pessoas do cadastro (297)" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar por nome ou matrícula" }).fill("Pessoa 0005");
  const found = page.getByRole("region", { name: /Pessoas do cadastro/ }).getByRole("listitem");
  await expect(found).toHaveCount(1);
  await expect(found).toContainText("Setor: Administrativo");
  await expect(found).toContainText("Matrícula M5");
  await page.getByRole("searchbox", { name: "Buscar por nome ou matrícula" }).fill("");
  await shoot(page, "5-team");

  // The person with an e-mail accepts the invitation the import sent.
  const token = new URL(linkIn((await waitForMail(leaver.email)).raw, "/accept-invite")).searchParams.get("token");
  const accepted = await page.request.post("/api/invites/accept", {
    headers: { origin },
    data: { token, password: leaver.password, consent: true },
  });
  expect(accepted.status()).toBe(201);

  // The same file again: nothing new, nothing changed.
  await page.goto(`/team/importar?empresa=${companyId}`);
  await uploadAndPreview(page, allRows, true);
  await expect(count(page, "Novas")).toHaveText("0");
  await expect(count(page, "Sem mudança")).toHaveText("297");
  await page.getByRole("button", { name: "Aplicar importação" }).click();
  await expect(page.getByRole("heading", { name: "Importação concluída" })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator("div").filter({ hasText: /^Cadastradas0$/ })).toBeVisible();
  await expect(page.locator("div").filter({ hasText: /^Atualizadas0$/ })).toBeVisible();

  // A full file missing 150 of them (the leaver among them) stops at the guardrail.
  await page.getByRole("button", { name: "Importar outro arquivo" }).click();
  await uploadAndPreview(page, validRows.slice(150), true);
  await expect(count(page, "Saem (arquivo completo)")).toHaveText("150");
  await page.getByRole("radio", { name: /Arquivo completo/ }).check();
  await expect(page.getByText("Este arquivo muda muita gente de uma vez")).toBeVisible();
  await expect(page.getByText("150 de 297 pessoas sairiam (mais de 40% em um dia).")).toBeVisible();
  const applyButton = page.getByRole("button", { name: "Aplicar importação" });
  await expect(applyButton).toBeDisabled();
  await shoot(page, "6-guardrail");
  await page.getByLabel("Para aplicar mesmo assim, digite CONFIRMAR").fill("CONFIRMAR");
  await applyButton.click();
  await expect(page.getByRole("heading", { name: "Importação concluída" })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator("div").filter({ hasText: /^Saíram150$/ })).toBeVisible();

  // The leaver's access ended at once: they cannot sign in.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto("/login");
  await stranger.getByLabel("E-mail", { exact: true }).fill(leaver.email);
  await stranger.getByLabel("Senha", { exact: true }).fill(leaver.password);
  await stranger.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(stranger.getByText(authMessages.accessEnded)).toBeVisible();
  await expect(stranger).toHaveURL("/login");
});

test("an import can invite later: Equipe pages and searches the waiting invitations and sends them (docs/decisions/058)", async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, people.admin, "/admin");
  const tag = `${stamp}l`;
  const created = await page.request.post("/api/admin/companies", {
    headers: { origin: new URL(page.url()).origin },
    data: { name: `Depois ${tag}`, manager_name: "Dora", manager_email: `dora.${tag}@sereno.test`, plan: "enterprise" },
  });
  expect(created.status()).toBe(201);
  const companyId = (await created.json()).id as string;
  // 24 people, each with an e-mail: with the manager's invitation, 25 pending, two pages.
  const rows = Array.from({ length: 24 }, (_, k) => {
    const row = rowOf(k + 400);
    row.cells[3] = `depois.${k + 400}.${tag}@sereno.test`;
    return row;
  });

  await page.goto(`/team/importar?empresa=${companyId}`);
  await uploadAndPreview(page, rows, true);
  await page.getByRole("checkbox", { name: /Convidar depois/ }).check();
  await page.getByRole("checkbox", { name: /Convidar depois/ }).scrollIntoViewIfNeeded();
  await screenshotScreen(page, info, "convidar-depois");
  await page.getByRole("button", { name: "Aplicar importação" }).click();
  await expect(page.getByRole("heading", { name: "Importação concluída" })).toBeVisible({ timeout: 60_000 });

  await page.goto(`/team?empresa=${companyId}`);
  const pending = page.getByRole("region", { name: /Convites pendentes/ });
  await expect(pending.getByRole("heading", { name: "Convites pendentes (25)" })).toBeVisible();
  await expect(pending.getByRole("listitem")).toHaveCount(20);
  await expect(pending.getByRole("listitem").filter({ hasText: "Ainda não enviado" })).not.toHaveCount(0);
  const pager = pending.getByRole("navigation", { name: "Páginas de convites pendentes" });
  await pager.getByRole("button", { name: "Próxima" }).click();
  await expect(pager).toContainText("Página 2 de 2");
  await expect(pending.getByRole("listitem")).toHaveCount(5);
  await pending.getByRole("searchbox", { name: "Buscar convite" }).fill("pessoa 0407");
  await expect(pending.getByRole("listitem")).toHaveCount(1);
  await expect(pending.getByRole("listitem")).toContainText(`depois.407.${tag}@sereno.test`);
  await pending.getByRole("searchbox", { name: "Buscar convite" }).fill("");
  await screenshotScreen(page, info, "equipe-plano");
  await pending.getByRole("heading", { name: /Convites pendentes/ }).scrollIntoViewIfNeeded();
  await screenshotScreen(page, info, "convites-guardados");

  await pending.getByRole("button", { name: "Enviar convites (24)" }).click();
  await expect(page.getByText("24 convites a caminho")).toBeVisible();
  await waitForMail(`depois.407.${tag}@sereno.test`);
  await expect(pending.getByRole("button", { name: /Enviar convites/ })).toHaveCount(0);
});

test("the preview says at its top, in red, that a file passes the plan's seats, with the numbers", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, people.admin, "/admin");
  const origin = new URL(page.url()).origin;
  const name = `Vagas Contadas ${stamp}`;
  const created = await page.request.post("/api/admin/companies", {
    headers: { origin },
    data: { name, manager_name: "Vera Vagas", manager_email: `vera.${stamp}@sereno.test`, plan: "essencial" },
  });
  expect(created.status()).toBe(201);
  await page.goto(`/team/importar?empresa=${(await created.json()).id}`);
  // 60 people for the Essencial plan's 50 seats.
  await uploadAndPreview(page, validRows.slice(0, 60), true);
  const alert = page.getByRole("alert").filter({ hasText: "Este arquivo passa das vagas do plano Essencial" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/O plano tem 50 vagas e \d+ (está|estão) em uso; o arquivo traz 60 pessoas novas/);
  await expect(alert).toContainText("Diminua o arquivo ou fale com a gente sobre um plano maior.");
  // At the top: above the counts, seen without scrolling.
  const alertTop = (await alert.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  const countsTop = (await page.getByLabel("Resumo da pré-visualização").boundingBox())?.y ?? 0;
  expect(alertTop).toBeLessThan(countsTop);
  await expect(page.getByRole("button", { name: "Aplicar importação" })).toBeDisabled();
  await shoot(page, "7-seats");

  // The HR API's daily cap (docs/decisions/057): the platform admin allows more for the next 24 hours.
  const hr = page.getByRole("region", { name: "Integração com o sistema de RH" });
  await expect(hr.getByText("Pessoas novas pela API nas últimas 24 horas: 0 de 25.")).toBeVisible();
  await hr.getByLabel("Liberar mais pessoas pela API (24 horas)").fill("100");
  await hr.getByRole("button", { name: "Liberar" }).click();
  await expect(hr.getByText("Pessoas novas pela API nas últimas 24 horas: 0 de 125.")).toBeVisible();
  await expect(hr.getByText("mais 100 liberadas pelo suporte")).toBeVisible();
  await shoot(page, "8-allowance");
});
