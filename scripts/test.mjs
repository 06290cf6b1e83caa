/**
 * `npm test`: unit + API tests on PGlite, then, on the build, each page's
 * JavaScript budget (scripts/js-budget.mjs) and the browser tests in Debian's
 * Chromium (never a downloaded browser). What takes minutes on one core runs
 * alongside them, its output printed when it ends (docs/decisions/072; the
 * browser tests keep both cores busy, so this shares the CPU, decision 107): the
 * `long` Vitest project (vitest.config.ts) on PGlite and, when
 * TEST_DATABASE_URL is set, the API tests again on PostgreSQL. `npm test api`
 * runs every Vitest project at once (the long one on one worker while the
 * other takes the rest). Installs chromium with apt-get when it is missing and
 * we are root, and poppler-utils (pdfsig, which checks the signed PDFs) the
 * same way; otherwise says how to.
 */
import { execFileSync, spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfNeeded } from "./build.mjs";
import { printSlowest } from "./slowest-tests.mjs";
import { testBrowser } from "./test-browser.mjs";

/** Programs the tests run that a fresh machine may lack, and Debian's package for each. */
const needed = [
  { name: "Chromium", present: () => existsSync(testBrowser()), pkg: "chromium", hint: "or set CHROMIUM_PATH" },
  // Signed PDFs are checked with poppler's pdfsig (tests/api/test-certificates.ts, the signing journeys).
  { name: "pdfsig", present: () => onPath("pdfsig"), pkg: "poppler-utils" },
];
const missing = needed.filter((tool) => !tool.present());
if (missing.length > 0) {
  const packages = missing.map((tool) => tool.pkg);
  if (process.getuid?.() === 0) {
    console.log(`${missing.map((tool) => tool.name).join(" and ")} not found: installing ${packages.join(", ")}...`);
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", ...packages], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } else {
    for (const tool of missing)
      console.error(
        `${tool.name} not found: run 'sudo apt-get install ${tool.pkg}'${tool.hint ? ` ${tool.hint}` : ""}.`,
      );
    process.exit(1);
  }
}
const chromium = testBrowser();

/** Whether a program is on PATH. */
function onPath(program) {
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, program)));
}

/** '12 min 5 s' since `start`: each part says how long it took, so CI's time can be read part by part. */
const took = (start) => {
  const seconds = Math.round((Date.now() - start) / 1000);
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${seconds} s`;
};

/** Runs a part in the foreground; asynchronously, so a part running alongside is timed while it runs. */
async function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const start = Date.now();
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const status = await new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
  if (status !== 0) {
    console.error(`✖ ${label} failed after ${took(start)}`);
    process.exit(status);
  }
  console.log(`✔ ${label}: ${took(start)}`);
}

const vitest = ["node_modules/vitest/vitest.mjs", "run"];
/** Each part's file times as JSON in test-results/, listed at the end (scripts/slowest-tests.mjs, docs/decisions/101). */
const reports = [];
const timed = (part) => {
  const file = path.join("test-results", `vitest-${part}.json`);
  reports.push(file);
  return ["--reporter=default", "--reporter=json", `--outputFile.json=${file}`];
};
const only = process.argv[2]; // "api" or "e2e" to run one part
if (only && only !== "api" && only !== "e2e") {
  console.error(`Unknown part '${only}': use 'npm test', 'npm test api' or 'npm test e2e'.`);
  process.exit(2);
}

/** Starts a part in the background, its output kept in a file; resolves to its exit code. */
function runAlongside(label, command, args, env = {}) {
  const log = path.join(tmpdir(), `sereno-test-${process.pid}-${label.replace(/\W+/g, "-")}.log`);
  // The child writes to the file itself, never through a pipe this process must drain (a pipe left
  // undrained fills and stalls the child: the PostgreSQL pass once sat still for the whole browser run).
  const out = openSync(log, "w");
  const child = spawn(command, args, { stdio: ["ignore", out, out], env: { ...process.env, ...env } });
  closeSync(out);
  process.on("exit", () => child.exitCode === null && child.kill());
  console.log(`\n▶ ${label} (alongside; output follows when it ends)`);
  const start = Date.now();
  let ended = "";
  const done = new Promise((resolve) =>
    child.on("close", (code) => {
      ended = took(start);
      resolve(code ?? 1);
    }),
  );
  return async () => {
    const code = await done;
    console.log(`\n▶ ${label}\n${readFileSync(log, "utf8")}`);
    if (code !== 0) {
      console.error(`✖ ${label} failed after ${ended}`);
      process.exit(code);
    }
    console.log(`✔ ${label}: ${ended}`);
  };
}

const started = Date.now();
const onPostgres = process.env.TEST_DATABASE_URL && only !== "e2e";
const pglite = { TEST_DATABASE_URL: "" };
/** Vitest's projects but the long one (vitest.config.ts): the part the browser tests wait for. */
const fast = ["--project", "unit", "--project", "server", "--project", "isolated"];
const alongside = [];
if (only === "api") {
  await run("Unit and API tests on PGlite", process.execPath, [...vitest, ...timed("pglite")], pglite);
  if (onPostgres)
    await run("API tests on PostgreSQL", process.execPath, [...vitest, "server", ...timed("postgres")], {});
} else if (only !== "e2e") {
  await run(
    "Unit and API tests on PGlite (all but the long project)",
    process.execPath,
    [...vitest, ...fast, ...timed("pglite")],
    pglite,
  );
  // One worker each: the browser tests keep the other core.
  alongside.push(
    runAlongside(
      "Long API tests on PGlite",
      process.execPath,
      [...vitest, "--project", "long", "--maxWorkers=1", ...timed("long")],
      pglite,
    ),
  );
  if (onPostgres) {
    alongside.push(
      runAlongside("API tests on PostgreSQL", process.execPath, [
        ...vitest,
        "server",
        "--maxWorkers=1",
        ...timed("postgres"),
      ]),
    );
  }
}
if (only !== "api") {
  const building = Date.now();
  await buildIfNeeded();
  console.log(`✔ Build: ${took(building)}`);
  // Every page's first load within its JavaScript budget (issue 37): read from the build, no browser.
  await run("JavaScript budget of each page (scripts/js-budget.mjs)", process.execPath, ["scripts/js-budget.mjs"]);
  await run("Browser tests (Chromium)", process.execPath, ["node_modules/@playwright/test/cli.js", "test"], {
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
    CHROMIUM_PATH: chromium,
  });
}
for (const ended of alongside) await ended();
if (only !== "api") reports.push(path.join("test-results", `playwright-${process.env.E2E_PORT ?? 3100}.json`));
for (const file of reports) if (existsSync(file)) printSlowest(file);
console.log(`\n✔ all tests passed in ${took(started)}`);
