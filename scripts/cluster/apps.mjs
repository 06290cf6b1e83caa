/**
 * The cluster's two Sereno processes (docs/decisions/073): their shared environment, started detached with
 * their logs and pids in the cluster's folder, waited on through GET /api/health, and stopped by pid.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, openSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./layout.mjs";

/** The environment every Sereno process of the cluster gets: deploy/sereno.env.example, filled in. */
export function appEnvironment(layout) {
  const file = path.join(layout.dir, "sereno.env");
  if (!existsSync(file)) {
    const lines = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      APP_URL: layout.url,
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      SSO_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      DATABASE_URL: layout.databaseUrl,
      DATABASE_POOL_SIZE: "5",
      TRUST_PROXY: "127.0.0.1",
      SHUTDOWN_DRAIN_SECONDS: "2",
      DATA_DIR: layout.dataDir,
      ADMIN_EMAIL: "admin@cluster.local",
      ADMIN_PASSWORD: randomBytes(12).toString("base64url"),
      LOG_LEVEL: "warn",
    };
    writeFileSync(
      file,
      `${Object.entries(lines)
        .map(([key, value]) => `${key}=${value}`)
        .join("\n")}\n`,
      {
        mode: 0o600,
      },
    );
  }
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

/** Starts Sereno process `index` (0 or 1) detached, logging to the cluster's folder; its pid. */
export function startApp(layout, index, extraEnv = {}) {
  const log = openSync(path.join(layout.dir, `app${index + 1}.log`), "a");
  const child = spawn(process.execPath, [path.join(root, "build", "app", "main.js")], {
    cwd: root,
    env: {
      ...process.env,
      ...appEnvironment(layout),
      PORT: String(layout.appPorts[index]),
      METRICS_PORT: String(layout.metricsPorts[index]),
      ...extraEnv,
    },
    stdio: ["ignore", log, log],
    detached: true,
  });
  child.unref();
  writeFileSync(path.join(layout.dir, `app${index + 1}.pid`), String(child.pid));
  return child.pid;
}

export function appPid(layout, index) {
  const file = path.join(layout.dir, `app${index + 1}.pid`);
  return existsSync(file) ? Number(readFileSync(file, "utf8")) : null;
}

export async function waitForHealth(url, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} não respondeu 200 em /api/health em ${timeoutMs / 1000} s`);
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM, then SIGKILL after `timeoutMs` if the process is still there. */
export async function stopPid(pid, timeoutMs = 20_000) {
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, "SIGTERM");
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline && isAlive(pid); ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
}
