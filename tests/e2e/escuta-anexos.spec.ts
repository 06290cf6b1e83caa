/**
 * Canal de escuta, attachments and who sees cases (issue 35, decision 052): a
 * member attaches a phone photo (with EXIF: author and GPS) to a report; the
 * handler downloads it without any of that metadata; the member downloads it
 * back signed out, with protocol and secret; a manager who is not a handler
 * gets an explanation of who handles cases and where the quarter's counts are.
 */
import { readFile } from "node:fs/promises";
import { type Download, expect, test } from "@playwright/test";
import { jpegWithExif, SECRET_AUTHOR, SECRET_GPS } from "#tests/api/listening-files.ts";
import { listeningPeople } from "./support/fixtures.ts";
import { screenshotScreen, signInAs } from "./support/helpers.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let protocol = "";
let secret = "";

/** The downloaded file, and that no metadata survived (the fixture's EXIF names the author and a GPS position). */
async function expectCleanJpeg(download: Download) {
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  for (const text of ["Exif", SECRET_AUTHOR, SECRET_GPS])
    expect(bytes.includes(Buffer.from(text, "latin1"))).toBe(false);
}

test("a member attaches a photo to a report; its name is not kept", async ({ page }, info) => {
  const original = jpegWithExif();
  expect(original.includes(Buffer.from(SECRET_AUTHOR, "latin1"))).toBe(true);
  await signInAs(page, listeningPeople.reporter);
  await page.goto("/escuta");
  await page.getByLabel("Denúncia").check();
  await page.getByLabel("Categoria").selectOption({ label: "Assédio moral" });
  await page.getByLabel("Sua mensagem").fill("Segue a foto do recado deixado na minha mesa.");
  await page
    .getByLabel("Anexar foto ou PDF")
    .setInputFiles({ name: `${SECRET_AUTHOR} recado.jpg`, mimeType: "image/jpeg", buffer: original });
  await expect(page.getByRole("list", { name: "Anexos escolhidos" })).toContainText("recado.jpg");
  await screenshotScreen(page, info, "escuta-anexo-escolhido", { fullPage: true });
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Recebemos sua mensagem" })).toBeVisible();
  protocol = (await page.getByTestId("escuta-protocolo").textContent())?.trim() ?? "";
  secret = (await page.getByTestId("escuta-senha").textContent())?.trim() ?? "";
  expect(protocol).toMatch(/^ESC-/);
});

test("the handler downloads the photo without its EXIF", async ({ page }, info) => {
  await signInAs(page, listeningPeople.handler);
  await page.goto("/escuta/casos");
  await page.getByRole("link", { name: new RegExp(protocol) }).click();
  const link = page.getByRole("link", { name: "Baixar anexo-1.jpg" });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(SECRET_AUTHOR)).toHaveCount(0);
  await screenshotScreen(page, info, "escuta-caso-anexo", { fullPage: true });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("anexo-1.jpg");
  await expectCleanJpeg(download);
});

test("the member downloads it back signed out, with protocol and secret", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/escuta/acompanhar");
  await page.getByLabel("Protocolo").fill(protocol);
  await page.getByLabel("Senha do caso").fill(secret);
  await page.getByRole("button", { name: "Abrir caso" }).click();
  const button = page.getByRole("button", { name: "Baixar anexo-1.jpg" });
  await expect(button).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(download.suggestedFilename()).toBe("anexo-1.jpg");
  await expectCleanJpeg(download);
  await context.close();
});

test("a manager who is not a handler is told who handles cases and where the counts are", async ({ page }, info) => {
  await signInAs(page, listeningPeople.manager);
  await page.goto("/escuta/casos");
  await expect(
    page.getByRole("heading", { name: "Os casos ficam só com quem foi nomeado para tratá-los" }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Não foi possível carregar")).toHaveCount(0);
  await expect(page.getByText(protocol)).toHaveCount(0);
  await screenshotScreen(page, info, "escuta-nao-responsavel", { fullPage: true });
  await page.getByRole("link", { name: "Ver os números do trimestre em Relatórios" }).click();
  await expect(page).toHaveURL("/reports");
});
