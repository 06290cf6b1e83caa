/**
 * The public site (spec 2 'Public pages'): content of each page, the WhatsApp
 * links with the configured number, HTML that reads without JavaScript,
 * anchors, accessibility in both themes and the landing's auth behaviour.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { privacyPolicy } from "#web/features/legal/privacy-policy.ts";
import { termsOfUse } from "#web/features/legal/terms-of-use.ts";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

/** The number the test server sets in CONTACT_WHATSAPP. */
const WHATSAPP = "https://wa.me/5511988887777?text=";

const pages = [
  { path: "/", title: "Bem-estar mental no trabalho | Sereno", h1: /Cuidar da mente da sua equipe/ },
  { path: "/recursos", title: "Recursos | Sereno", h1: "Tudo o que o Sereno oferece para a sua equipe" },
  { path: "/sobre", title: "Sobre nós | Sereno", h1: "Cuidar de quem trabalha é o nosso trabalho" },
  { path: "/privacidade", title: "Política de Privacidade | Sereno", h1: "Política de Privacidade" },
  { path: "/termos", title: "Termos de Uso | Sereno", h1: "Termos de Uso" },
];

const region = (page: Page, name: string) => page.getByRole("region", { name });

async function expectWhatsappLinks(page: Page, atLeast: number) {
  const links = page.locator('a[href*="wa.me"]');
  expect(await links.count()).toBeGreaterThanOrEqual(atLeast);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("href", new RegExp(`^${WHATSAPP.replace(/[.?]/g, "\\$&")}`));
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
}

test("each public page has its own title, one h1 and no placeholder left in the HTML", async ({ page }) => {
  for (const { path, title, h1 } of pages) {
    const response = await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    expect(await response?.text()).not.toMatch(/__(CONTACT_WHATSAPP|APP_URL)__/);
  }
});

test("each public page carries Open Graph and Twitter tags with the public address and the 1200×630 card", async ({
  page,
  baseURL,
}) => {
  // The served HTML, as a link preview crawler reads it (no JavaScript).
  for (const { path, title } of pages) {
    const html = await (await page.request.get(path)).text();
    const tag = (attribute: "property" | "name", key: string) =>
      html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`))?.[1];
    expect(tag("property", "og:title"), path).toBe(title);
    expect(tag("property", "og:description"), path).toBe(tag("name", "description"));
    expect(tag("property", "og:url"), path).toBe(`${baseURL}${path}`);
    expect(tag("property", "og:image"), path).toBe(`${baseURL}/images/og-sereno.png`);
    expect(tag("name", "twitter:card"), path).toBe("summary_large_image");
  }
  const image = await page.request.get("/images/og-sereno.png");
  expect(image.headers()["content-type"]).toBe("image/png");
  const png = await image.body();
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});

test("the landing shows eight features, four steps, three testimonials, plans and claims", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("main").getByText("Sua empresa só vê dados agregados e anônimos.")).toBeVisible();
  const features = region(page, "Tudo o que sua equipe precisa para cuidar da mente");
  await expect(features.getByRole("listitem")).toHaveCount(8);
  await expect(features.getByRole("heading", { level: 3, name: "Check-ins diários" })).toBeVisible();
  await expect(region(page, "Do convite ao cuidado diário, em quatro passos").getByRole("listitem")).toHaveCount(4);
  await expect(region(page, "Quem usa, conta").getByRole("figure")).toHaveCount(3);

  const plans = region(page, "Planos simples, do tamanho da sua equipe");
  await expect(plans.getByText("Experimente grátis por 14 dias", { exact: false })).toBeVisible();
  for (const name of ["Essencial", "Prime", "Enterprise"]) {
    await expect(plans.getByRole("heading", { level: 3, name })).toBeVisible();
  }
  await expect(plans.getByText("Até 50 membros", { exact: true })).toBeVisible();
  await expect(plans.getByText("Até 100 membros", { exact: true })).toBeVisible();

  const claims = page.getByRole("list", { name: "O Sereno em números" });
  for (const text of ["+1.200", "40%", "95%", "+50", "5 a 30"]) {
    await expect(claims.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 2, name: "Que tal começar esta semana?" })).toBeVisible();
});

test("'Entrar' on the landing goes to /login", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Entrar" }).first().click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Entrar" })).toBeVisible();
});

test("signed out, a reporter finds the follow-up of a case from the footer and from /login (issue 45, item 12)", async ({
  page,
}) => {
  await page.goto("/sobre");
  await page.getByRole("contentinfo").getByRole("link", { name: "Acompanhar um relato" }).click();
  await expect(page).toHaveURL("/escuta/acompanhar");
  await page.goto("/login");
  await page.getByRole("link", { name: "Acompanhar um relato do Canal de escuta" }).click();
  await expect(page).toHaveURL("/escuta/acompanhar");
});

test("every WhatsApp button opens a chat with the configured number", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: /Fale com a gente no WhatsApp/ }).first()).toHaveAttribute(
    "href",
    `${WHATSAPP}${encodeURIComponent("Olá! Quero conhecer o Sereno para a minha empresa.")}`,
  );
  await expectWhatsappLinks(page, 5);
  await page.goto("/recursos");
  await expectWhatsappLinks(page, 5);
  await page.goto("/sobre");
  await expectWhatsappLinks(page, 2);
});

test("/recursos shows eight feature blocks, the results and three free resources", async ({ page }) => {
  await page.goto("/recursos");
  const features = region(page, "Oito formas de cuidar, do check-in ao relatório");
  const blocks = features.getByRole("heading", { level: 3 });
  await expect(blocks).toHaveCount(8);
  await expect(blocks).toHaveText([
    "Check-ins diários",
    "Exercícios de mindfulness",
    "Workshops interativos",
    "Análises da equipe",
    "Sessões agendadas",
    "Suporte assíncrono",
    "Privacidade em primeiro lugar",
    "Insights da equipe",
  ]);
  await expect(region(page, "O que as empresas contam depois de começar").getByRole("listitem")).toHaveCount(5);

  const resources = region(page, "Para começar a conversa na sua empresa");
  await expect(resources.getByRole("heading", { level: 3 })).toHaveCount(3);
  for (const name of ["Quero receber o guia", "Quero assistir ao webinar", "Quero receber o e-book"]) {
    await expect(resources.getByRole("link", { name: new RegExp(name) })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\//,
    );
  }
  await expect(page.getByRole("link", { name: /Falar com o time de vendas/ }).first()).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/5511988887777\?/,
  );
});

test("/sobre shows the mission, four values, the 2022-2025 timeline, three people and the contacts", async ({
  page,
}) => {
  await page.goto("/sobre");
  await expect(region(page, "Tornar o cuidado com a mente parte do dia de trabalho")).toBeVisible();
  await expect(region(page, "O que guia as nossas escolhas").getByRole("listitem")).toHaveCount(4);
  const history = region(page, "De uma ideia a mais de 1.200 empresas e equipes");
  for (const year of ["2022", "2023", "2024", "2025"])
    await expect(history.getByText(year, { exact: true })).toBeVisible();
  const team = region(page, "As pessoas por trás do Sereno");
  await expect(team.getByRole("listitem")).toHaveCount(3);
  await expect(team.getByRole("heading", { level: 3 })).toHaveCount(3);
  const contact = region(page, "Fale com a gente");
  await expect(contact.getByRole("link", { name: "contato@sereno.com.br" })).toHaveAttribute(
    "href",
    "mailto:contato@sereno.com.br",
  );
  await expect(contact.getByText("São Paulo/SP")).toBeVisible();
  await expect(contact.getByRole("link", { name: /WhatsApp/ })).toBeVisible();
});

test("/privacidade lists its ten sections and an index link scrolls to its section", async ({ page }) => {
  await page.goto("/privacidade");
  await expect(page.getByText(`Última atualização: ${privacyPolicy.updatedAt}`)).toBeVisible();
  const index = page.getByRole("navigation", { name: "Nesta página" });
  await expect(index.getByRole("link")).toHaveCount(10);
  const sections = page.getByRole("main").getByRole("region");
  await expect(sections).toHaveCount(10);
  await expect(page.getByRole("heading", { level: 2, name: /^\d+\. / })).toHaveCount(10);

  const target = privacyPolicy.sections[5];
  if (!target) throw new Error("the policy has fewer sections than expected");
  await index.getByRole("link", { name: `6. ${target.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/privacidade#${target.id}$`));
  await expect(page.getByRole("heading", { level: 2, name: `6. ${target.title}` })).toBeInViewport();
});

test("/termos shows the crisis warning with 188 and 192 and its thirteen sections", async ({ page }) => {
  await page.goto("/termos");
  const warning = page.getByRole("note");
  await expect(warning.getByRole("heading", { name: termsOfUse.crisisWarning.title })).toBeVisible();
  await expect(warning.getByRole("link", { name: /CVV: 188/ })).toHaveAttribute("href", "tel:188");
  await expect(warning.getByRole("link", { name: /SAMU: 192/ })).toHaveAttribute("href", "tel:192");
  await expect(page.getByRole("navigation", { name: "Nesta página" }).getByRole("link")).toHaveCount(13);
  await expect(page.getByRole("main").getByRole("region")).toHaveCount(13);
  await expect(page.getByRole("heading", { level: 2, name: /^13\. / })).toBeVisible();
});

test("the public pages are readable without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { path, h1 } of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
  }
  await page.goto("/");
  await expect(region(page, "Tudo o que sua equipe precisa para cuidar da mente").getByRole("listitem")).toHaveCount(8);
  await expect(page.getByText("R$ 499", { exact: true })).toBeVisible();
  await expectWhatsappLinks(page, 5);
  await page.goto("/recursos");
  await expect(
    region(page, "Oito formas de cuidar, do check-in ao relatório").getByRole("heading", { level: 3 }),
  ).toHaveCount(8);
  await page.goto("/sobre");
  await expect(page.getByRole("heading", { level: 3, name: "Helena Duarte" })).toBeVisible();
  await page.goto("/privacidade");
  await expect(page.getByRole("main").getByRole("region")).toHaveCount(10);
  await page.goto("/termos");
  await expect(page.getByRole("note").getByRole("link", { name: /188/ })).toHaveAttribute("href", "tel:188");
  await expect(page.getByRole("main").getByRole("region")).toHaveCount(13);
  await context.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`axe finds nothing serious on the public pages and /login (${theme} theme)`, async ({ page }) => {
    // One axe run per public page and /login: about a minute on a busy 2-core machine, so three minutes here.
    test.slow();
    await page.addInitScript((value) => localStorage.setItem("sereno-theme", value), theme);
    for (const path of [...pages.map((p) => p.path), "/login"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
      else await expect(page.locator("html")).not.toHaveClass(/dark/);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => ({
          path,
          rule: violation.id,
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(" ")),
        }));
      expect(serious).toEqual([]);
    }
  });
}

test("at 390 px wide no public page scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const { path } of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(390);
  }
});

test("a signed-in visitor of the landing is sent to the dashboard", async ({ page }) => {
  await signInAs(page, people.member);
  await page.goto("/");
  await expect(page).toHaveURL("/dashboard");
});

test("a visitor's public pages load no app bundle, and the theme and menu still work", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts).toEqual(["/static-page.js"]);

  const html = page.locator("html");
  const startsDark = (await html.getAttribute("class"))?.includes("dark") ?? false;
  await page.getByRole("button", { name: startsDark ? "Usar tema claro" : "Usar tema escuro" }).click();
  await expect(html).toHaveClass(startsDark ? /^(?!.*dark).*$/ : /dark/);
  await expect(page.getByRole("button", { name: startsDark ? "Usar tema escuro" : "Usar tema claro" })).toBeVisible();

  await page.getByRole("button", { name: "Abrir menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Abrir menu" }).click();
  await menu.getByRole("link", { name: "Recursos" }).click();
  await expect(page).toHaveURL("/recursos");
  await expect(html).toHaveClass(startsDark ? /^(?!.*dark).*$/ : /dark/);
  expect(scripts.filter((script) => script !== "/static-page.js")).toEqual([]);
});

test("someone signed in gets the app's header on a public page, with the drawer", async ({ page }) => {
  await signInAs(page, people.member);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/recursos");
  await page.getByRole("button", { name: "Abrir menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("link", { name: "Check-ins" }).click();
  await expect(page).toHaveURL("/check-ins");
  await expect(menu).toBeHidden();
});

test("/login's fields are labelled and described by their errors without ids from the page (web/components/ui/field.tsx)", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  const email = page.getByLabel("E-mail");
  const password = page.getByLabel("Senha", { exact: true });
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("O e-mail é obrigatório");
  await expect(password).toHaveAccessibleDescription("A senha é obrigatória");
  const ids = await page.locator("input[id]").evaluateAll((inputs) => inputs.map((input) => input.id));
  expect(new Set(ids).size).toBe(ids.length);
  await page.screenshot({ path: "/work/shots/g-login-errors.png", fullPage: true });
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
});
