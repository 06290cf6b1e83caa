import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { helpFaqs } from "#web/features/help/help-content.ts";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

const passwordFaq = "Esqueci minha senha ou perdi meu celular. E agora?";
const privacyFaq = "Minha empresa consegue ver o que eu respondo no check-in?";
const xpFaq = "Como ganho XP e subo de nível?";

test.describe("help", () => {
  test("guides and exactly three FAQ entries that open into real answers", async ({ page }) => {
    await signInAs(page, people.member, "/help");
    await expect(page.getByRole("heading", { name: "Ajuda", level: 1 })).toBeVisible();
    const faq = page.getByRole("region", { name: "Perguntas frequentes" });
    // The entries of help-content.ts, each with its own question (their number is spec 2's, held by search-help.test.ts).
    await expect(faq.getByRole("listitem")).toHaveCount(helpFaqs.length);
    for (const entry of helpFaqs) await expect(faq.getByText(entry.question, { exact: true })).toBeVisible();
    await faq.getByText(privacyFaq).click();
    await expect(faq.getByText(/pelo menos 5 pessoas/)).toBeVisible();

    const guides = page.getByRole("region", { name: "Guias rápidos" });
    await expect(guides.getByText("Fazer o check-in diário")).toBeVisible();
    // The managers' guide is for managers only.
    await expect(guides.getByText("Para gestores: o que você vê da equipe")).toHaveCount(0);
    await guides.getByText("Fazer o check-in diário").click();
    await expect(guides.getByRole("link", { name: "Ir para Check-ins" })).toBeVisible();
  });

  test("the search filters guides and FAQ, ignoring case and accents, and has an empty state", async ({ page }) => {
    await signInAs(page, people.member, "/help");
    const search = page.getByRole("searchbox", { name: "Buscar na ajuda" });

    await search.fill("senha");
    await expect(page.getByText(passwordFaq)).toBeVisible();
    await expect(page.getByText(privacyFaq)).toHaveCount(0);
    await expect(page.getByText(xpFaq)).toHaveCount(0);
    await expect(page.getByText("Alterar sua senha e o tema")).toBeVisible();
    await expect(page.getByText("Fazer o check-in diário")).toHaveCount(0);
    // Matches open, so the answer is right there.
    await expect(page.getByText(/O link vale por 30 minutos/)).toBeVisible();

    await search.fill("NIVEL");
    await expect(page.getByText(xpFaq)).toBeVisible();
    await expect(page.getByText(passwordFaq)).toHaveCount(0);

    await search.fill("xyzzy blorft");
    await expect(page.getByText('Nenhum resultado para "xyzzy blorft"')).toBeVisible();
    await expect(page.getByRole("region", { name: "Perguntas frequentes" })).toHaveCount(0);
    await page.getByRole("button", { name: "Limpar busca" }).first().click();
    await expect(search).toHaveValue("");
    await expect(page.getByRole("region", { name: "Perguntas frequentes" }).getByRole("listitem")).toHaveCount(3);
  });

  test("a manager also gets the managers' guide", async ({ page }) => {
    await signInAs(page, people.manager, "/help");
    await expect(page.getByText("Para gestores: o que você vê da equipe")).toBeVisible();
  });

  test("support, crisis lines and documents are real links", async ({ page }) => {
    await signInAs(page, people.member, "/help");
    await expect(page.getByRole("link", { name: "Fale com o suporte pelo WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/5511988887777\?text=/,
    );
    await expect(page.getByRole("link", { name: /suporte@sereno\.com\.br/ })).toHaveAttribute(
      "href",
      /^mailto:suporte@sereno\.com\.br/,
    );
    await expect(page.getByRole("link", { name: /CVV: 188/ })).toHaveAttribute("href", "tel:188");
    await expect(page.getByRole("link", { name: /SAMU: 192/ })).toHaveAttribute("href", "tel:192");

    const documents = page.getByRole("region", { name: "Documentos" });
    for (const [name, href] of [
      ["Política de Privacidade", "/privacidade"],
      ["Termos de Uso", "/termos"],
      ["Recursos do Sereno", "/recursos"],
    ] as const) {
      await expect(documents.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    await documents.getByRole("link", { name: "Termos de Uso" }).click();
    await expect(page).toHaveURL("/termos");
    await expect(page.getByRole("heading", { name: "Termos de Uso", level: 1 })).toBeVisible();
  });
});

for (const theme of ["light", "dark"] as const) {
  test(`axe finds nothing serious on /help and /settings, open and at 390 px (${theme} theme)`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem("sereno-theme", value), theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, people.member, "/help");
    await page.getByRole("searchbox", { name: "Buscar na ajuda" }).fill("senha");
    await expect(page.getByText(passwordFaq)).toBeVisible();
    const pages = [{ path: "/help", serious: await seriousViolations(page) }];
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto("/settings");
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await page.getByRole("button", { name: "Editar" }).click();
    pages.push({ path: "/settings", serious: await seriousViolations(page) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(pages).toEqual([
      { path: "/help", serious: [] },
      { path: "/settings", serious: [] },
    ]);
  });
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, targets: violation.nodes.map((node) => node.target.join(" ")) }));
}
