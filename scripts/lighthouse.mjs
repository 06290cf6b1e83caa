/**
 * `npm run lighthouse`: Lighthouse's mobile profile (its defaults: simulated
 * slow 4G and a 4× slower CPU) on /, /login and /dashboard of the built
 * server, in Debian's Chromium. Fails when a page's performance is under 0.95
 * or its accessibility under 1.00, or when the JavaScript a page loads is over
 * its budget (issue 10's goals; docs/decisions/021). The server runs on a fresh
 * embedded database with the demo data (DEMO=1); /dashboard is read as the
 * demo manager.
 *
 * Noise: the CI machine has 2 cores shared with other work, and a busy CPU
 * lengthens the tasks Lighthouse multiplies by 4. Each page is scored 3 times
 * and the median of each category counts (about 2 minutes in all). Reuses the
 * build `npm test` made (scripts/build.mjs rebuilds only what is stale).
 * LIGHTHOUSE_REPORTS=<dir> writes each run's JSON report there.
 * LIGHTHOUSE_PERFORMANCE=advisory (CI) prints a performance score under its
 * goal without failing: CI shares its 2 cores with the suite it just ran, and
 * the blocking time Lighthouse multiplies by 4 moves with the machine (CI
 * scored /dashboard 1.00 on one machine of our kind, a slower one would land
 * near 0.92; docs/decisions/021, tenth run). Accessibility, the JavaScript
 * budgets and the charts rule always fail the run.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildIfNeeded } from "./build.mjs";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3990);
const origin = `http://127.0.0.1:${PORT}`;
const goals = { performance: 0.95, accessibility: 1 };
const performanceAdvisory = process.env.LIGHTHOUSE_PERFORMANCE === "advisory";
const RUNS = 3;
/**
 * Compressed JavaScript each page may load (bytes on the wire, brotli): the
 * landing ships no app; the app shell is what /login and /dashboard need.
 */
const scriptBudgets = { "/": 130 * 1024, "/login": 200 * 1024, "/dashboard": 200 * 1024 };
/** The charts library (recharts) belongs to the reports page alone: its class names mark the chunk that holds it. */
const CHARTS_MARK = "recharts-wrapper";
const pages = Object.keys(scriptBudgets);
const DEMO_MANAGER = { email: "gestora@demo.sereno.com.br", password: "demo-sereno-bem-estar" };
const reportDir = process.env.LIGHTHOUSE_REPORTS;

async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sereno-lighthouse-"));
  const server = spawn(process.execPath, ["build/app/main.js"], {
    env: { ...process.env, DEMO: "1", DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1", APP_URL: origin },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { stop };
    if (Date.now() > deadline) {
      stop();
      throw new Error("the server did not answer /api/health within 2 minutes");
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The scripts a run fetched from our origin. */
function scriptsOf(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  return items.filter((item) => item.resourceType === "Script" && item.url.startsWith(origin)).map((item) => item.url);
}

/** A file's body as the server sends it to a browser that accepts brotli (fetch() would decompress it). */
function compressedBody(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"];
          const text = (
            encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body
          ).toString("utf8");
          resolve({ bytes: body.length, text });
        });
      })
      .on("error", reject);
  });
}

/** The compressed bytes of the scripts a page loaded, and those of them that hold the charts library. */
async function scriptWeight(urls) {
  let bytes = 0;
  const charts = [];
  for (const url of urls) {
    const body = await compressedBody(url);
    bytes += body.bytes;
    if (body.text.includes(CHARTS_MARK)) charts.push(url.replace(origin, ""));
  }
  return { bytes, charts };
}

/**
 * One Lighthouse run of a page. A run that Lighthouse itself could not record
 * (NO_NAVSTART and the like, seen when the machine is busy) is run again, up
 * to twice: it says nothing about the page.
 */
async function score(page, chrome, cookie, run) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${origin}${page}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(goals),
      extraHeaders: page === "/dashboard" ? { Cookie: cookie } : undefined,
    });
    const { lhr } = result;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(
        path.join(reportDir, `${page.replace(/\W+/g, "") || "home"}-${run}-${attempt}.json`),
        result.report,
      );
    }
    if (lhr.runtimeError && attempt < 3) {
      console.log(`    ${page}: ${lhr.runtimeError.code}, running again`);
      continue;
    }
    if (lhr.runtimeError) console.log(`    ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  }
}

const started = Date.now();
await buildIfNeeded();
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const failures = [];
try {
  const cookie = await sessionCookie();
  console.log(`page         performance  accessibility  (median of ${RUNS} runs)`);
  for (const page of pages) {
    const runs = [];
    while (runs.length < RUNS) runs.push(await score(page, chrome, cookie, runs.length + 1));
    const scores = Object.fromEntries(
      Object.keys(goals).map((key) => [key, median(runs.map((lhr) => lhr.categories[key]?.score ?? 0))]),
    );
    // The run whose performance is the median one, for its metrics and its audits.
    const typical = runs.find((lhr) => lhr.categories.performance?.score === scores.performance) ?? runs[0];
    const metric = (id) => typical.audits[id]?.displayValue ?? "?";
    const scripts = scriptsOf(typical);
    const { bytes: scriptBytes, charts } = await scriptWeight(scripts);
    const missed = Object.entries(goals)
      .filter(([key, goal]) => scores[key] < goal && !(key === "performance" && performanceAdvisory))
      .map(([key]) => key);
    if (performanceAdvisory && scores.performance < goals.performance) {
      console.log(`    advisory: performance ${scores.performance.toFixed(2)} under ${goals.performance}`);
    }
    if (scriptBytes > scriptBudgets[page]) missed.push(`JavaScript over ${kb(scriptBudgets[page])}`);
    if (charts.length > 0) missed.push(`charts loaded (${charts.join(", ")})`);
    if (missed.length > 0) failures.push(page);
    console.log(
      `${page.padEnd(12)} ${scores.performance.toFixed(2).padStart(11)}  ${scores.accessibility.toFixed(2).padStart(13)}` +
        `  runs ${runs.map((lhr) => lhr.categories.performance?.score?.toFixed(2)).join("/")}` +
        `; FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}` +
        `, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}` +
        `; JS ${kb(scriptBytes)} brotli in ${scripts.length} files` +
        `; machine ${Math.round(median(runs.map((lhr) => lhr.environment?.benchmarkIndex ?? 0)))}` +
        (missed.length > 0 ? `\n    ✖ ${missed.join("; ")}` : ""),
    );
    for (const key of Object.keys(goals)) {
      if (scores[key] >= goals[key]) continue;
      for (const ref of typical.categories[key].auditRefs) {
        const audit = typical.audits[ref.id];
        if (audit && audit.score !== null && audit.score < 1 && (ref.weight > 0 || audit.details?.overallSavingsMs)) {
          console.log(`    ${key}: ${audit.title} (${audit.displayValue ?? audit.score})`);
        }
      }
    }
  }
} finally {
  await chrome.kill();
  server.stop();
}
console.log(`(${Math.round((Date.now() - started) / 1000)} s)`);
if (failures.length > 0) {
  console.error(`Lighthouse: ${failures.join(", ")} under the goal (docs/decisions/021)`);
  process.exit(1);
}
console.log(
  performanceAdvisory
    ? "Lighthouse: accessibility, budgets and charts met; performance advisory (see above)"
    : "Lighthouse: every page meets its goal",
);
