/**
 * Start-up of the built server on embedded PGlite (docs/decisions/021, issue 10
 * goal 6): spawn to the first 200 on /api/health on an empty DATA_DIR and on
 * the database that start left behind, and RSS 3 s after each first 200 (as
 * `npm run bench` measures it). Prints each run and the medians.
 *
 *   npm run build && node scripts/measure-startup.mjs [runs=5] [port=3800]
 *   STARTUP_PROFILE=<folder>: each server writes a CPU profile there.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] ?? 5);
const port = Number(process.argv[3] ?? 3800);
const IDLE_WAIT_MS = 3000;

/** The child's user + system CPU time so far: steadier than wall time on a shared machine. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

async function start(dataDir) {
  const profile = process.env.STARTUP_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.STARTUP_PROFILE)}`]
    : [];
  const started = performance.now();
  const entry = process.env.STARTUP_ENTRY ?? "build/app/main.js";
  const child = spawn(process.execPath, [...profile, entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      AUTH_SECRET: "measure-startup-secret-0123456789abcdef",
      APP_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let steps;
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
    const line = output.split("\n").find((text) => text.includes('"Sereno is up"'));
    if (line && !steps) steps = JSON.parse(line).steps;
  });
  const kill = () => child.kill();
  process.on("exit", kill);
  child.once("exit", () => process.off("exit", kill));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const ms = performance.now() - started;
  const cpu = cpuMs(child.pid);
  await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
  const rss = rssMb(child.pid);
  await new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
  return { ms, cpu, rss, steps };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const empty = [];
const existing = [];
for (let run = 1; run <= runs; run++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sereno-startup-"));
  try {
    empty.push(await start(dataDir));
    existing.push(await start(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const [first, second] = [empty.at(-1), existing.at(-1)];
  if (process.env.STARTUP_STEPS) console.log(JSON.stringify({ empty: first.steps, existing: second.steps }));
  console.log(
    `run ${run}: empty ${first.ms.toFixed(0)} ms (cpu ${first.cpu.toFixed(0)}), ${first.rss.toFixed(0)} MB; ` +
      `existing ${second.ms.toFixed(0)} ms (cpu ${second.cpu.toFixed(0)}), ${second.rss.toFixed(0)} MB`,
  );
}
const summary = (label, list) =>
  `${label}: median ${median(list.map((r) => r.ms)).toFixed(0)} ms to the first 200 ` +
  `(${list.map((r) => r.ms.toFixed(0)).join(", ")}), CPU median ${median(list.map((r) => r.cpu)).toFixed(0)} ms, idle RSS median ${median(list.map((r) => r.rss)).toFixed(0)} MB`;
console.log(summary("empty DATA_DIR", empty));
console.log(summary("existing database", existing));
console.log(`load: ${readFileSync("/proc/loadavg", "utf8").trim()}`);
