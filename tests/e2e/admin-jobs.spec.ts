import { expect, test } from "@playwright/test";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

test("an admin sees the automatic jobs and runs retention now", async ({ page }) => {
  await signInAs(page, people.admin, "/admin");
  const jobs = page.getByRole("region", { name: "Tarefas automáticas" });
  await expect(jobs.getByRole("heading", { name: "Retenção de dados" })).toBeVisible();
  // Retention and Resultados' publication both run at 03:00.
  await expect(jobs.getByText("Todo dia às 03:00 (America/Sao_Paulo)")).toHaveCount(2);
  await expect(jobs.getByText("A cada minuto")).toBeVisible();
  await expect(
    jobs.getByRole("heading", { name: "Resumo semanal dos gestores: quem deve receber agora" }),
  ).toBeVisible();
  await expect(jobs.getByRole("heading", { name: "Publicação dos dias encerrados" })).toBeVisible();
  // A person's reminder, digest or mail runs only when its sweep or request asks for it: retention, the six
  // sweeps (check-in reminders, digests, group session reminders, support groups' draws, psychologists'
  // verifications, NR-1 campaigns past their end; docs/decisions/024, 025, 026), the cycle's care credits (025),
  // the publication, the Canal de escuta's retention (049), the WHO-5's quarterly nudge (078) and Resultados' publication (088).
  await expect(jobs.getByRole("button", { name: /Executar agora/ })).toHaveCount(14);
  await jobs.getByRole("button", { name: "Executar agora: Retenção de dados" }).click();
  await expect(page.getByText("Pronto: a tarefa vai rodar em até 30 segundos.")).toBeVisible();
});

test("a manager is not shown the jobs", async ({ page }) => {
  await signInAs(page, people.manager, "/admin");
  await expect(page.getByRole("region", { name: "Tarefas automáticas" })).toHaveCount(0);
  const response = await page.request.get("/api/admin/jobs");
  expect(response.status()).toBe(403);
});
