/**
 * `npm run lighthouse`: Lighthouse's mobile profile (simulated slow 4G and a
 * 4× slower CPU) on /, /login and /dashboard of the built server, in Debian's
 * Chromium. Fails when performance is under 0.95 or accessibility under 1.00
 * (issue 10's goal; docs/decisions/021). The server runs on a fresh embedded
 * database with the demo data (DEMO=1); /dashboard is read as the demo manager.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildIfNeeded } from "./build.mjs";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3990);
const origin = `http://127.0.0.1:${PORT}`;
const goals = { performance: 0.95, accessibility: 1 };
const pages = ["/", "/login", "/dashboard"];
const DEMO_MANAGER = { email: "gestora@demo.sereno.com.br", password: "demo-sereno-bem-estar" };

async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sereno-lighthouse-"));
  const server = spawn(process.execPath, ["build/app/main.js"], {
    env: { ...process.env, DEMO: "1", DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1", APP_URL: origin },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    stop: () => {
      server.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function sessionCookie() {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(DEMO_MANAGER),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

await buildIfNeeded();
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let failed = false;
try {
  const cookie = await sessionCookie();
  console.log("page         performance  accessibility");
  for (const page of pages) {
    const result = await lighthouse(`${origin}${page}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(goals),
      extraHeaders: page === "/dashboard" ? { Cookie: cookie } : undefined,
    });
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    if (runtimeError) console.log(`    ${page}: ${runtimeError.code} ${runtimeError.message}`);
    for (const warning of runWarnings ?? []) console.log(`    ${page}: ${warning}`);
    const scores = Object.fromEntries(Object.keys(goals).map((key) => [key, categories[key]?.score ?? 0]));
    const missed = Object.entries(goals).filter(([key, goal]) => scores[key] < goal);
    if (missed.length > 0) failed = true;
    console.log(
      `${page.padEnd(12)} ${scores.performance.toFixed(2).padStart(11)}  ${scores.accessibility.toFixed(2).padStart(13)}` +
        `  LCP ${audits["largest-contentful-paint"]?.displayValue ?? "?"}, TBT ${audits["total-blocking-time"]?.displayValue ?? "?"}` +
        (missed.length > 0 ? `  ✖ under the goal: ${missed.map(([key]) => key).join(", ")}` : ""),
    );
    for (const [key] of missed) {
      for (const ref of categories[key].auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          console.log(`    ${key}: ${audit.title} (${audit.displayValue ?? audit.score})`);
        }
      }
    }
  }
} finally {
  await chrome.kill();
  server.stop();
}
if (failed) {
  console.error("Lighthouse: a page is under its goal (docs/decisions/021)");
  process.exit(1);
}
console.log("Lighthouse: every page meets its goal");
