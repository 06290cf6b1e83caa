/**
 * A first start as a person does it (issue 36, item 11): `npm start` on an empty data folder says each step
 * in a line, ends with a framed block holding the address and the generated admin password, and that
 * password opens the admin's account in the browser. The build is already there (the test server made it),
 * so no build step runs here; a failing step's output is covered by the build script itself.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config.ts";

const port = E2E_PORT + 4;
let child: ChildProcess | undefined;
let dataDir = "";

test.afterAll(() => {
  child?.kill("SIGTERM");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a first `npm start` ends with the address and the admin password in a frame, and the password signs in", async ({
  page,
}) => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "sereno-first-start-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
  for (const name of [
    "DATABASE_URL",
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    "APP_URL",
    "CONTACT_WHATSAPP",
    "DEMO",
    "LOG_LEVEL",
    "NODE_ENV",
  ])
    delete env[name];
  child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  await expect.poll(() => output, { timeout: 240_000, intervals: [500] }).toContain("╰");

  const lines = output.split("\n");
  expect(lines).toContain("• Preparando o banco de dados e iniciando o servidor…");
  const top = lines.findIndex((line) => line.startsWith("╭"));
  const bottom = lines.findIndex((line) => line.startsWith("╰"));
  const frame = lines.slice(top, bottom + 1);
  // One width for every line of the frame, so it reads as a box in any terminal.
  expect(new Set(frame.map((line) => line.length)).size).toBe(1);
  const box = frame.join("\n");
  expect(box).toContain(`Abra: http://localhost:${port}`);
  expect(box).toContain("Administrador: admin@sereno.local");
  const password = box.match(/Senha gerada: +(\S+)/)?.[1] ?? "";
  expect(password.length).toBeGreaterThanOrEqual(12);
  // Printed once, in the frame only: never inside a JSON log line.
  expect(output.split(password)).toHaveLength(2);
  // No build tool's chatter (the build is fresh here; when it runs, it is as quiet unless it fails).
  expect(output).not.toMatch(/vite v\d|transforming|Service worker:/);

  await page.goto(`http://localhost:${port}/login`);
  await page.getByLabel("E-mail", { exact: true }).fill("admin@sereno.local");
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  // A platform admin lands on the platform's overview (docs/decisions/050).
  await expect(page).toHaveURL(`http://localhost:${port}/admin/inicio`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // No contact number configured: Ajuda prints none as if it were one (issue 36, item 7).
  await page.goto(`http://localhost:${port}/help`);
  const support = page.getByRole("region", { name: "Fale com o suporte" });
  await expect(support.getByRole("link", { name: /suporte@/ })).toBeVisible();
  await expect(support).not.toContainText("Telefone e WhatsApp");
  await expect(page.locator("body")).not.toContainText(/\(11\) 99999-9999|5511999999999/);
  test.info().annotations.push({ type: "output lines", description: String(lines.length) });
  await test.info().attach("npm start output", { body: output, contentType: "text/plain" });
});
