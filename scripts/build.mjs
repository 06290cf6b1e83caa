/**
 * Builds what is missing or older than its sources: the web app (React Router,
 * prerendered public pages) into build/client and the server (one esbuild
 * bundle, migrations beside it) into build/app. `npm run build` forces both.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = (...parts) => path.join(root, ...parts);

function newestMtime(entries) {
  let newest = 0;
  for (const entry of entries) {
    const full = at(entry);
    if (!existsSync(full)) continue;
    const stat = statSync(full);
    if (stat.isDirectory()) {
      const children = readdirSync(full).map((child) => path.join(entry, child));
      newest = Math.max(newest, newestMtime(children));
    } else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  return !existsSync(at(output)) || statSync(at(output)).mtimeMs < newestMtime(sources);
}

const webSources = ["web", "core", "public", "react-router.config.ts", "vite.config.ts", "package.json"];
const serverSources = ["server", "core", "package.json"];

export function buildWeb() {
  console.log("Building the web app...");
  execFileSync(process.execPath, [at("node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
}

export async function buildServer() {
  console.log("Building the server...");
  const { build } = await import("esbuild");
  rmSync(at("build/app"), { recursive: true, force: true });
  await build({
    entryPoints: [at("server/main.ts")],
    outfile: at("build/app/main.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  cpSync(at("server/db/migrations"), at("build/app/migrations"), { recursive: true });
}

export async function buildIfNeeded({ force = false } = {}) {
  if (force || isStale("build/client/__spa-fallback.html", webSources)) buildWeb();
  if (force || isStale("build/app/main.js", serverSources)) await buildServer();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildIfNeeded({ force: true });
}
