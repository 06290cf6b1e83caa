// The Lei 14.457 file and the Lei 14.831 dossier as signed, kept versions (issue 48, docs/decisions/098):
// the company's responsible person signs each with a test A1 certificate (shaped like ICP-Brasil's, not a
// real chain) on /conformidade, a wrong password first; the version is listed with date and signer and
// the downloaded PDF's signature verifies with poppler's pdfsig; a second signature is version 2. Then an open
// NR-1 action's dimensions are changed and its before/after follows them.
import { execFileSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import { effectMessages } from "#core/action-effect.ts";
import { complianceMessages } from "#core/compliance-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { TEST_CERTIFICATE_PASSWORD, TEST_HOLDER, testCertificate } from "#tests/api/test-certificates.ts";
import { complianceManager } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.screenshot({ path: `/work/shots/c-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function sign(page: Page, section: string, title: string, password: string) {
  await page.getByTestId(section).getByRole("button", { name: "Assinar nova versão" }).click();
  const dialog = page.getByRole("dialog", { name: `Assinar nova versão: ${title}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Registro profissional").fill("OAB-SP 123456");
  await dialog
    .getByLabel("Certificado digital A1 (.pfx ou .p12)")
    .setInputFiles({ name: "responsavel.pfx", mimeType: "application/x-pkcs12", buffer: testCertificate() });
  await dialog.getByLabel("Senha do certificado").fill(password);
  await dialog.getByRole("button", { name: "Assinar", exact: true }).click();
  return dialog;
}

/** The signed PDF of a version, downloaded as a person would: pdfsig says its signature is valid. */
async function verifies(page: Page, section: string, version: number) {
  const downloading = page.waitForEvent("download");
  await page
    .getByTestId(section)
    .getByRole("link", { name: `PDF assinado da versão ${version}` })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${section.replace("signed-", "")}-versao-${version}-assinado.pdf`);
  const verdict = execFileSync("pdfsig", [(await download.path()) as string], { encoding: "utf8" });
  expect(verdict).toContain("Signature Type: ETSI.CAdES.detached");
  expect(verdict).toContain("Signature Validation: Signature is Valid.");
  expect(verdict).toContain(`Signer Certificate Common Name: ${TEST_HOLDER}`);
}

test("the responsible person signs the Lei 14.457 file and the Lei 14.831 dossier, each kept as a version", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, complianceManager);
  await page.goto("/conformidade");
  const file = page.getByTestId("signed-lei-14457");
  await expect(file).toContainText("Nenhuma versão assinada ainda.");

  // A wrong password: the refusal names the field, the password is emptied, nothing is kept.
  const dialog = await sign(page, "signed-lei-14457", "Arquivo da Lei 14.457 (assédio e violência)", "senha-errada");
  await expect(dialog.getByText(serverMessages.signature.wrongPassword)).toBeVisible();
  await expect(dialog.getByLabel("Senha do certificado")).toHaveValue("");
  await shots(page, "assinar-lei-14457");
  await dialog.getByLabel("Senha do certificado").fill(TEST_CERTIFICATE_PASSWORD);
  await dialog.getByRole("button", { name: "Assinar", exact: true }).click();
  await expect(page.getByText(complianceMessages.documentSigned(1))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(file).toContainText(`Versão 1 · assinada por ${TEST_HOLDER} (OAB-SP 123456)`);
  await verifies(page, "signed-lei-14457", 1);
  await shots(page, "lei-14457-assinada");

  // The dossier, in its tab: version 1, then version 2 kept beside it.
  await page.getByRole("tab", { name: "Saúde mental (Lei 14.831)" }).click();
  const dossier = page.getByTestId("signed-lei-14831");
  await expect(dossier).toContainText("Nenhuma versão assinada ainda.");
  await sign(page, "signed-lei-14831", "Dossiê da Lei 14.831 (saúde mental)", TEST_CERTIFICATE_PASSWORD);
  await expect(dossier).toContainText("Versão 1 · assinada por");
  await sign(page, "signed-lei-14831", "Dossiê da Lei 14.831 (saúde mental)", TEST_CERTIFICATE_PASSWORD);
  await expect(dossier).toContainText("Versão 2 · assinada por");
  await expect(dossier).toContainText("Versão 1 · assinada por");
  await verifies(page, "signed-lei-14831", 2);
  await shots(page, "lei-14831-assinada");
});

test("the manager changes an open action's dimensions and its before/after follows them", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, complianceManager);
  await page.goto("/risks");
  await page.getByRole("tab", { name: "Plano de ação" }).click();
  const effect = page.getByRole("region", { name: "Eficácia medida pela pesquisa: Pausas combinadas por equipe" });
  await expect(effect.getByRole("row", { name: /Assédio/ })).toBeVisible();
  await expect(effect.getByRole("row", { name: /Apoio no trabalho/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Editar dimensões" }).click();
  const dialog = page.getByRole("dialog", { name: "Dimensões de “Pausas combinadas por equipe”" });
  await dialog.getByLabel("Assédio").uncheck();
  await dialog.getByRole("button", { name: "Salvar dimensões" }).click();
  await expect(dialog.getByText(effectMessages.dimensionsRequired)).toBeVisible();
  await dialog.getByLabel("Apoio no trabalho").check();
  await shots(page, "editar-dimensoes");
  await dialog.getByRole("button", { name: "Salvar dimensões" }).click();
  await expect(page.getByText(effectMessages.dimensionsSaved).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(effect.getByRole("row", { name: /Apoio no trabalho/ })).toContainText(/entre \d+ e \d+|\d+|oculto/);
  await expect(effect.getByRole("row", { name: /Assédio/ })).toHaveCount(0);
  // A concluded action has no such button: only the open one does.
  await expect(page.getByRole("button", { name: "Editar dimensões" })).toHaveCount(1);
  await shots(page, "dimensoes-editadas");
});
