/**
 * Builds what is missing or older than its sources: the web app (React Router,
 * prerendered public pages) into build/client and the server (one esbuild
 * bundle, migrations beside it) into build/app. `npm run build` forces both.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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

/**
 * `npm start` builds quietly (issue 36, item 11): each tool's output is kept and printed only when
 * its step fails; `npm run build` shows everything.
 */
let isQuiet = false;

/** Runs a build tool in a child process: its output on the console, or kept and shown only if it fails. */
function run(args) {
  if (!isQuiet) {
    execFileSync(process.execPath, args, { cwd: root, stdio: "inherit" });
    return;
  }
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status === 0) return;
  process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
  throw new Error(`o passo falhou: node ${args.map((arg) => path.relative(root, arg)).join(" ")}`);
}

/** A line of progress: in English for `npm run build`, silent when quiet (npm start prints its own steps). */
function say(text) {
  if (!isQuiet) console.log(text);
}
const serverSources = ["server", "core", "package.json"];

export async function buildWeb() {
  say("Building the web app...");
  run([at("node_modules/@react-router/dev/bin.js"), "build"]);
  // The only script of the prerendered public pages (web/static-page.ts, docs/decisions/021).
  const { build } = await import("esbuild");
  await build({
    entryPoints: [at("web/static-page.ts")],
    outfile: at("build/client/static-page.js"),
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    logLevel: isQuiet ? "error" : "warning",
  });
  await buildServiceWorker();
  precompress(at("build/client"));
}

/**
 * build/client/sw.js (docs/decisions/027): web/service-worker/sw.ts bundled,
 * then Workbox's precache list of the build written into it. The app shell
 * (the SPA page, served at /dashboard) is precached under the hash of the
 * build's fallback page, so a new build replaces it.
 */
async function buildServiceWorker() {
  const { build } = await import("esbuild");
  const { injectManifest } = await import("workbox-build");
  const bundled = at("build/sw-source.js");
  await build({
    entryPoints: [at("web/service-worker/sw.ts")],
    outfile: bundled,
    bundle: true,
    format: "iife",
    target: "es2022",
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: isQuiet ? "error" : "warning",
  });
  const shell = readFileSync(at("build/client/__spa-fallback.html"));
  const { count, size, warnings } = await injectManifest({
    swSrc: bundled,
    swDest: at("build/client/sw.js"),
    globDirectory: at("build/client"),
    globPatterns: [
      "assets/**/*.{js,css}",
      "assets/inter-latin-*.woff2",
      "icons/*.png",
      "favicon.{ico,svg}",
      "manifest.webmanifest",
    ],
    // Hashed file names need no revision.
    dontCacheBustURLsMatching: /^assets\//,
    additionalManifestEntries: [{ url: "/dashboard", revision: createHash("sha256").update(shell).digest("hex") }],
  });
  if (!isQuiet) for (const warning of warnings) console.warn(`service worker: ${warning}`);
  rmSync(bundled);
  say(`Service worker: ${count} files precached (${Math.round(size / 1024)} KiB)`);
}

const COMPRESSIBLE = /\.(js|css|svg|json|txt|ico|xml|webmanifest)$/;

/**
 * Brotli (best) and gzip copies beside each text file of the web build, so the
 * server sends them without compressing at request time (docs/decisions/021).
 * HTML is left alone: the server fills placeholders and a nonce into it per reply.
 */
export function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(full);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(full).size < 1024) continue;
    const content = readFileSync(full);
    writeFileSync(`${full}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
  }
}

/**
 * drizzle's PGlite driver imports PGlite for four type numbers; PGlite runs on
 * its own thread (server/db/pglite-worker.mjs), so in the bundle that import
 * is server/db/pglite-stand-in.ts and the server's thread never loads PGlite.
 */
const pgliteStandIn = {
  name: "pglite-stand-in",
  setup(build) {
    build.onResolve({ filter: /^@electric-sql\/pglite$/ }, (args) =>
      args.importer.includes(`${path.sep}drizzle-orm${path.sep}pglite${path.sep}`)
        ? { path: at("server/db/pglite-stand-in.ts") }
        : undefined,
    );
  },
};

/**
 * postgres.js's internal queue, in a version whose cost does not grow with the queries a busy pool has
 * run (server/db/postgres-queue.ts says why; docs/decisions/021). Same behaviour, so only the bundle
 * swaps it; the tests run the original.
 */
const postgresQueue = {
  name: "postgres-queue",
  setup(build) {
    build.onResolve({ filter: /^\.\/queue\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}node_modules${path.sep}postgres${path.sep}src${path.sep}`)
        ? { path: at("server/db/postgres-queue.ts") }
        : undefined,
    );
  },
};

export async function buildServer() {
  say("Building the server...");
  const { build } = await import("esbuild");
  rmSync(at("build/app"), { recursive: true, force: true });
  // The packages are bundled too (docs/decisions/021): Node's loader resolved, read and compiled about
  // two thousand files one by one, over a second of every start. Dynamic imports become chunks
  // loaded on first use (the AWS SDK, the unused database driver). External: PGlite finds its
  // WebAssembly beside its own file, pdfkit its font metrics, and exceljs is large and rarely used.
  // pino is bundled: it holds while the logger uses no transports (those load a worker file by path).
  await build({
    // main.js is server/start.ts: the embedded database's thread starts before the server's modules load.
    entryPoints: { main: at("server/start.ts"), "pglite-template": at("server/db/pglite-template.ts") },
    outdir: at("build/app"),
    entryNames: "[name]",
    // Beside the entries, not in a subfolder: modules find migrations/ and the template next to their own file.
    chunkNames: "[name]-[hash]",
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["@electric-sql/pglite", "pdfkit", "exceljs"],
    plugins: [pgliteStandIn, postgresQueue],
    // CommonJS packages inside an ES module bundle still call require().
    banner: {
      js: 'import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);',
    },
    sourcemap: true,
    // Whitespace and comments out, licences to a file beside (*.LEGAL.txt): the bundle is then pure ASCII,
    // which V8 keeps as one byte per character, where a single accent in a comment made the 4.4 MB
    // source a two-byte string of 8.4 MB held for the process's life (docs/decisions/021). Names and
    // syntax stay, so stack traces still read; the source maps give lines back.
    minifyWhitespace: true,
    legalComments: "external",
    logLevel: isQuiet ? "error" : "warning",
  });
  cpSync(at("server/db/migrations"), at("build/app/migrations"), { recursive: true });
  // The embedded database's thread runs this file as it is (server/db/pglite-thread.ts finds it beside itself).
  cpSync(at("server/db/pglite-worker.mjs"), at("build/app/pglite-worker.mjs"));
  // The HR files' reader thread, likewise (server/features/roster/read-sheet.ts finds it beside itself).
  cpSync(at("server/features/roster/sheet-worker.mjs"), at("build/app/sheet-worker.mjs"));
  // The pre-migrated embedded database a first start unpacks (server/db/pglite-template.ts).
  run([at("build/app/pglite-template.js")]);
}

/**
 * Builds what is stale. `step(text)` is called before each step that runs, so `npm start` can say
 * what it is doing in one line; with `quiet`, the tools' own output appears only when a step fails.
 */
export async function buildIfNeeded({ force = false, quiet = false, step = () => {} } = {}) {
  isQuiet = quiet;
  if (force || isStale("build/client/__spa-fallback.html", webSources)) {
    step("Construindo a interface (na primeira vez, um a dois minutos)…");
    await buildWeb();
  }
  if (force || isStale("build/app/main.js", serverSources)) {
    step("Construindo o servidor e o banco de dados inicial…");
    await buildServer();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildIfNeeded({ force: true });
}
