import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { adminMessages } from "#core/admin-messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { htmlAsPdf, pdfBytes } from "#tests/api/files.ts";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

/** Small real files on disk, as an admin would pick them. */
const filesDir = mkdtempSync(path.join(tmpdir(), "sereno-exercise-admin-"));
const files = {
  pdf: path.join(filesDir, "respiracao-guiada.pdf"),
  png: path.join(filesDir, "miniatura.png"),
  fakePdf: path.join(filesDir, "pagina.pdf"),
};
writeFileSync(files.pdf, pdfBytes);
// A real 1×1 PNG (the 8-byte signature, IHDR, IDAT, IEND), so the browser can also draw it.
const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
writeFileSync(files.png, onePixelPng);
writeFileSync(files.fakePdf, htmlAsPdf);

const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const linkTitle = `Pausa com link ${stamp}`;
const pdfTitle = `Guia em PDF ${stamp}`;

function createForm(page: Page) {
  return page.getByRole("form", { name: "Criar Novo Exercício" });
}

function existing(page: Page) {
  return page.getByRole("region", { name: /Exercícios Existentes/ });
}

async function fillTexts(page: Page, title: string) {
  const form = createForm(page);
  await form.getByLabel("Título").fill(title);
  await form.getByLabel("Categoria").selectOption({ label: "Respiração" });
  await form.getByLabel("Descrição").fill("Três minutos para soltar os ombros e respirar com calma.");
  await form.getByLabel("Duração").fill("3 min");
}

test.describe("who may open /admin/exercises", () => {
  for (const person of [people.manager, people.member]) {
    test(`a ${person.role} sees 'Acesso não autorizado' and a way back`, async ({ page }) => {
      await signInAs(page, person, "/admin/exercises");
      await expect(page.getByRole("heading", { name: "Gerenciar exercícios", level: 1 })).toBeVisible();
      const panel = page.getByRole("region", { name: adminMessages.exerciseAdminOnly });
      await expect(panel).toContainText("administradores");
      await expect(page.getByRole("form", { name: "Criar Novo Exercício" })).toHaveCount(0);
      await panel.getByRole("link", { name: "Voltar ao painel" }).click();
      await expect(page).toHaveURL("/dashboard");
    });
  }
});

test.describe("exercise administration", () => {
  // One story on one fresh database: storage is ready from the start, then what is created is seen and deleted.
  test.describe.configure({ mode: "serial" });

  test("storage: ready on a fresh install, with no warning and no setup step", async ({ page }) => {
    await signInAs(page, people.admin, "/admin/exercises");
    await expect(page.getByRole("heading", { name: "Gerenciar exercícios", level: 1 })).toBeVisible();
    await expect(page.getByText("Armazenamento pronto")).toBeVisible();
    await expect(page.getByText(adminMessages.storageNotConfigured)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Configurar armazenamento" })).toHaveCount(0);
  });

  test("a link exercise: the field messages first, then it leads 'Exercícios Existentes'", async ({ page }) => {
    await signInAs(page, people.admin, "/admin/exercises");
    const form = createForm(page);
    await expect(form.getByRole("radio", { name: "Link" })).toBeChecked();
    await expect(form.getByLabel("Nível necessário")).toHaveValue("1");
    await expect(form.getByLabel("XP da recompensa")).toHaveValue("10");
    await expect(form.getByLabel("Duração")).toHaveAttribute("placeholder", "10 min");

    await form.getByRole("button", { name: "Criar exercício" }).click();
    for (const message of [
      adminMessages.titleRequired,
      adminMessages.categoryRequired,
      adminMessages.descriptionRequired,
      adminMessages.durationRequired,
      adminMessages.mediaUrlRequired,
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(form.getByLabel("Título")).toBeFocused();

    await fillTexts(page, linkTitle);
    await form.getByLabel("URL da mídia").fill("isto-nao-e-um-endereco");
    await form.getByLabel("Nível necessário").fill("16");
    await form.getByRole("button", { name: "Criar exercício" }).click();
    await expect(form.getByText(adminMessages.mediaUrlInvalid)).toBeVisible();
    await expect(form.getByText(adminMessages.levelRange)).toBeVisible();
    await expect(form.getByText(adminMessages.titleRequired)).toHaveCount(0);

    await form.getByLabel("URL da mídia").fill("https://exemplo.com.br/pausa");
    await form.getByLabel("Nível necessário").fill("1");
    await form.getByLabel("XP da recompensa").fill("15");
    await form.getByRole("button", { name: "Criar exercício" }).click();
    await expect(page.getByText(adminMessages.exerciseCreated)).toBeVisible();
    await expect(form.getByLabel("Título")).toHaveValue("");
    await expect(form.getByLabel("XP da recompensa")).toHaveValue("10");

    const first = existing(page).getByRole("article").first();
    await expect(first).toHaveAccessibleName(linkTitle);
    await expect(first).toContainText("Link");
    await expect(first).toContainText("Respiração");
    await expect(first).toContainText("3 min");
    await expect(first).toContainText("Nível 1");
    await expect(first).toContainText("15 XP");
  });

  test("a PDF with a thumbnail: 'Criando...', the progress up to 100, then the bar resets", async ({ page }) => {
    await signInAs(page, people.admin, "/admin/exercises");
    // Holds the upload for a second so the in-between states can be seen.
    await page.route("**/api/admin/exercises", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    const form = createForm(page);
    await fillTexts(page, pdfTitle);
    await form.getByRole("radio", { name: "PDF" }).check();
    await expect(form.getByLabel("URL da mídia")).toHaveCount(0);
    const media = form.getByLabel("Arquivo de mídia");
    await expect(media).toHaveAttribute("accept", "application/pdf,.pdf");
    await media.setInputFiles(files.pdf);
    const thumbnail = form.getByLabel("Miniatura (opcional)");
    await expect(thumbnail).toHaveAttribute("accept", "image/png,image/jpeg,image/webp,image/gif");
    await thumbnail.setInputFiles(files.png);

    await form.getByRole("button", { name: "Criar exercício" }).click();
    await expect(form.getByRole("button", { name: "Criando..." })).toBeDisabled();
    const progress = form.getByRole("progressbar", { name: "Upload em progresso..." });
    await expect(progress).toBeVisible();
    await expect(form.getByText("Upload em progresso...")).toBeVisible();
    await expect(progress).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByText(adminMessages.exerciseCreated)).toBeVisible();
    await expect(progress).toBeHidden({ timeout: 4_000 });
    await expect(form.getByRole("button", { name: "Criar exercício" })).toBeEnabled();
    await expect(form.getByRole("radio", { name: "Link" })).toBeChecked();

    const first = existing(page).getByRole("article").first();
    await expect(first).toHaveAccessibleName(pdfTitle);
    await expect(first).toContainText("PDF");
    const image = first.locator("img");
    await expect(image).toHaveAttribute("src", /thumbnails\//);
    await expect(image).toHaveAttribute("alt", "");
    expect(await image.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(1);
  });

  test("both new exercises reach a member's library, and the PDF opens", async ({ page }) => {
    await signInAs(page, people.member, "/exercises");
    const search = page.getByLabel("Buscar");
    await search.fill(linkTitle);
    await expect(page.getByRole("article", { name: linkTitle })).toBeVisible();

    await search.fill(pdfTitle);
    const card = page.getByRole("article", { name: pdfTitle });
    await card.getByRole("button", { name: /Começar/ }).click();
    const pdfLink = page
      .getByRole("dialog", { name: pdfTitle })
      .getByRole("link", { name: "Abrir o PDF do exercício" });
    await expect(pdfLink).toBeVisible();
    const href = await pdfLink.getAttribute("href");
    expect(href).toBeTruthy();
    const file = await page.request.get(href ?? "");
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("application/pdf");
  });

  test("an HTML page renamed .pdf is refused", async ({ page }) => {
    await signInAs(page, people.admin, "/admin/exercises");
    const form = createForm(page);
    await fillTexts(page, `Arquivo falso ${stamp}`);
    await form.getByRole("radio", { name: "PDF" }).check();
    await form.getByRole("button", { name: "Criar exercício" }).click();
    await expect(form.getByText(adminMessages.mediaFileRequired)).toBeVisible();

    await form.getByLabel("Arquivo de mídia").setInputFiles(files.fakePdf);
    await form.getByRole("button", { name: "Criar exercício" }).click();
    await expect(form.getByText(serverMessages.fileTypeMismatch)).toBeVisible();
    await expect(form.getByRole("progressbar")).toHaveCount(0);
    await expect(existing(page).getByRole("article", { name: `Arquivo falso ${stamp}` })).toHaveCount(0);
  });

  test("deleting an exercise after confirming", async ({ page }) => {
    await signInAs(page, people.admin, "/admin/exercises");
    const card = existing(page).getByRole("article", { name: linkTitle });
    await expect(card).toBeVisible();

    await card.getByRole("button", { name: `Excluir ${linkTitle}` }).click();
    const dialog = page.getByRole("alertdialog", { name: adminMessages.confirmDeleteExercise });
    await expect(dialog).toContainText("XP");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole("button", { name: `Excluir ${linkTitle}` }).click();
    await dialog.getByRole("button", { name: "Excluir exercício" }).click();
    await expect(page.getByText(adminMessages.exerciseDeleted)).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(existing(page).getByRole("article", { name: pdfTitle })).toBeVisible();
  });
});
