/** /privacidade states the server's configuration: the encarregado (LGPD art. 41) and the notes retention period. */
import { expect, test } from "@playwright/test";
import { people } from "./support/fixtures.ts";
import { screenshotScreen, signInAs } from "./support/helpers.ts";

test("the privacy policy names the configured encarregado and notes retention, with or without JavaScript", async ({
  page,
  request,
}) => {
  // As served (prerendered HTML, before any script runs).
  const html = await (await request.get("/privacidade")).text();
  expect(html).toContain("apagadas automaticamente 400 dias depois de escritas");
  expect(html).toContain('href="mailto:dpo@sereno-teste.com.br"');
  expect(html).not.toMatch(/__(DPO_NAME|DPO_EMAIL|NOTES_RETENTION_DAYS)__/);

  // Hydrated: the same text, and the mail link works.
  await page.goto("/privacidade");
  const dpo = page.locator("address");
  await expect(dpo.getByText("Beatriz Encarregada")).toBeVisible();
  await expect(dpo.getByRole("link", { name: "dpo@sereno-teste.com.br" })).toHaveAttribute(
    "href",
    "mailto:dpo@sereno-teste.com.br",
  );
  await expect(page.getByText(/apagadas automaticamente 400 dias depois de escritas/)).toBeVisible();
  await expect(page.getByText(/__DPO_|__NOTES_RETENTION/)).toHaveCount(0);
});

test("the Termos, the policy and Configurações give the same privacy e-mail, and no placeholder CNPJ", async ({
  page,
  request,
}) => {
  const configured = "dpo@sereno-teste.com.br";
  for (const path of ["/termos", "/privacidade"]) {
    const html = await (await request.get(path)).text();
    expect(html).toContain(configured);
    expect(html).not.toContain("privacidade@sereno.com.br");
    expect(html).not.toContain("00.000.000/0001-00");
    expect(html).not.toMatch(/__DPO_EMAIL__/);
  }
  // Read as a person reads them, hydrated: the terms' privacy lines name the configured e-mail.
  await page.goto("/termos");
  await expect(page.getByText(`Privacidade e proteção de dados: ${configured}.`)).toBeVisible();
  await expect(page.getByText(/pelo e-mail dpo@sereno-teste\.com\.br\./).first()).toBeVisible();
  await expect(page.getByText(/CNPJ/)).toHaveCount(0);
  await screenshotScreen(page, test.info(), "termos");

  await signInAs(page, people.member, "/settings");
  await expect(page.getByRole("link", { name: configured })).toBeVisible();
});
