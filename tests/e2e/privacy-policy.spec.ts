/** /privacidade states the server's configuration: the encarregado (LGPD art. 41) and the notes retention period. */
import { expect, test } from "@playwright/test";

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
