// The signed PGR annex (issue 48 items 1 and 2, docs/decisions/081 and 082): the SST professional signs the
// published inventory version with a test A1 certificate (shaped like ICP-Brasil's, not a real chain), the
// downloaded PDF's signature verifies with poppler's pdfsig, and a member opens the signed annex at /pgr while
// the manager's NR-1 screen counts the openings and downloads.
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { serverMessages } from "#core/server-messages.ts";
import { TEST_CERTIFICATE_PASSWORD, TEST_HOLDER, testCertificate } from "#tests/api/test-certificates.ts";
import { pgrManager, pgrMember } from "./support/fixtures.ts";
import { clickMenuEntry, screenshotScreen, signInAs } from "./support/helpers.ts";

/** axe's serious and critical findings, and sideways scrolling, at 1280 and 390 px (as risks.spec.ts checks). */
async function layoutProblems(page: Page) {
  const found: unknown[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const { violations } = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
    for (const violation of violations)
      if (violation.impact === "serious" || violation.impact === "critical")
        found.push({ width, rule: violation.id, targets: violation.nodes.map((node) => node.target.join(" ")) });
    if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
      found.push({ width, rule: "scrolls sideways" });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  return found;
}

test("the SST professional signs the inventory and a member opens the signed annex", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInAs(page, pgrManager);
  await page.goto("/risks");
  await page.getByRole("tab", { name: "Inventário" }).click();
  const availability = page.getByTestId("annex-availability");
  await expect(availability).toHaveCount(0);

  await page.getByRole("button", { name: "Assinar versão 1" }).click();
  const dialog = page.getByRole("dialog", { name: "Assinar a versão 1 com certificado digital" });
  await expect(dialog).toBeVisible();
  // A wrong password first: the refusal names the field, and nothing is signed.
  await dialog.getByLabel("Registro profissional").fill("CREA-SP 5061234567");
  const certificate = testCertificate();
  await dialog
    .getByLabel("Certificado digital A1 (.pfx ou .p12)")
    .setInputFiles({ name: "maria.pfx", mimeType: "application/x-pkcs12", buffer: certificate });
  await dialog.getByLabel("Senha do certificado").fill("senha-errada");
  await dialog.getByRole("button", { name: "Assinar", exact: true }).click();
  await expect(dialog.getByText(serverMessages.signature.wrongPassword)).toBeVisible();
  await expect(dialog.getByLabel("Senha do certificado")).toHaveValue("");
  await screenshotScreen(page, test.info(), "signed-pgr-sign-dialog");
  expect(await layoutProblems(page)).toEqual([]);

  await dialog.getByLabel("Senha do certificado").fill(TEST_CERTIFICATE_PASSWORD);
  await dialog.getByRole("button", { name: "Assinar", exact: true }).click();
  await expect(page.getByText(serverMessages.signature.signed)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Assinada por ${TEST_HOLDER} (CREA-SP 5061234567)`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Assinar versão 1" })).toHaveCount(0);
  await expect(availability).toContainText("Acessos nos últimos 30 dias: aberto 0 vezes, baixado 0 vezes.");

  // The signed PDF, downloaded as a person would, verifies with pdfsig.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "PDF assinado da versão 1" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("inventario-riscos-canteiro-central-versao-1-assinado.pdf");
  const file = (await download.path()) as string;
  const verdict = execFileSync("pdfsig", [file], { encoding: "utf8" });
  expect(verdict).toContain("Signature Type: ETSI.CAdES.detached");
  expect(verdict).toContain("Signature Validation: Signature is Valid.");
  expect(verdict).toContain("Total document signed");
  expect((await readFile(file)).subarray(0, 5).toString()).toBe("%PDF-");
  await screenshotScreen(page, test.info(), "signed-pgr-manager", { fullPage: true });

  // A member opens PGR from the menu, reads the annex and downloads it.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInAs(member, pgrMember);
  await clickMenuEntry(member, "PGR da empresa", "Apoio");
  await expect(member).toHaveURL("/pgr");
  await expect(member.getByRole("heading", { name: "Canteiro Central – versão 1" })).toBeVisible();
  await expect(member.getByText(`por ${TEST_HOLDER} (CREA-SP 5061234567)`)).toBeVisible();
  await expect(member.getByText("Rever o cronograma das frentes de obra")).toBeVisible();
  const memberDownloading = member.waitForEvent("download");
  await member.getByRole("link", { name: "Baixar o PDF assinado" }).click();
  const memberFile = (await (await memberDownloading).path()) as string;
  expect(execFileSync("pdfsig", [memberFile], { encoding: "utf8" })).toContain("Signature is Valid.");
  await screenshotScreen(member, test.info(), "signed-pgr-member", { fullPage: true });
  expect(await layoutProblems(member)).toEqual([]);
  await memberContext.close();

  // The manager's screen: the counts moved (one opening, one download), with no one named.
  await page.reload();
  await page.getByRole("tab", { name: "Inventário" }).click();
  await expect(availability).toContainText("Acessos nos últimos 30 dias: aberto 1 vez, baixado 1 vez.");
  await expect(availability).not.toContainText(pgrMember.name);
});
