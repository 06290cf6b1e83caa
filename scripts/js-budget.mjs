/**
 * The compressed JavaScript each page of the web build makes a browser fetch
 * on its first load, judged against a budget (issue 37, goal 6;
 * docs/decisions/021). Read from the build alone, no server: the route table
 * (assets/manifest-<hash>.js), each chunk's static imports followed to the
 * end, and the brotli and gzip copies the server sends (scripts/build.mjs
 * `precompress`; a file under 1 KB has none and goes as it is). A page's
 * first load is the manifest, the entry and, for the root, every layout
 * and the route itself, the module and what it imports statically. A dynamic
 * import() (the charts, the NR-1 tabs) loads later, on use: it is listed
 * apart and not counted. The prerendered public pages load one script,
 * /static-page.js.
 *
 * `node scripts/js-budget.mjs` prints a table and its verdict, and exits 1
 * when a page is over budget (`--json`: the figures). `npm test` runs it on
 * the build the browser tests use, so CI fails on a page over budget, and
 * `npm run bench` prints it (issue 37's goals); scripts/js-budget.test.ts
 * checks the measuring on a small build of its own.
 * Edit when the build's layout or the budget changes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Compressed bytes of JavaScript a page may make a browser fetch on its first
 * load, judged on brotli: what every current browser asks for and the server
 * sends (the Lighthouse budgets of scripts/lighthouse.mjs are brotli too).
 * gzip, for a client without brotli, is printed beside it.
 */
export const PAGE_BUDGET = 200 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const defaultClientDir = path.join(root, "build/client");

/** `/assets/x.js` → a path under the client build. */
const fileOf = (clientDir, url) => path.join(clientDir, url.replace(/^\//, ""));

/** Bytes the server sends for one file: its precompressed copy when there is one, else the file. */
function sizes(clientDir, url) {
  const file = fileOf(clientDir, url);
  const raw = statSync(file).size;
  const copy = (ext) => (existsSync(`${file}.${ext}`) ? statSync(`${file}.${ext}`).size : raw);
  return { raw, br: copy("br"), gzip: copy("gz") };
}

/** Static imports (`import … from "./x.js"`, `import "./x.js"`, `export … from`) of a built chunk, as /assets/ URLs. */
function staticImportsOf(clientDir, url) {
  const text = readFileSync(fileOf(clientDir, url), "utf8");
  const found = new Set();
  for (const match of text.matchAll(
    /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\.{1,2}\/[^"']+|\/assets\/[^"']+)["']/g,
  )) {
    const specifier = match[1];
    found.add(specifier.startsWith("/") ? specifier : path.posix.join(path.posix.dirname(url), specifier));
  }
  return found;
}

/** Dynamic imports (`import("./x.js")`, quoted with backticks by the minifier) of a built chunk. */
function dynamicImportsOf(clientDir, url) {
  const text = readFileSync(fileOf(clientDir, url), "utf8");
  return new Set(
    [...text.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)].map((match) =>
      path.posix.join(path.posix.dirname(url), match[1]),
    ),
  );
}

/** Every chunk a set of modules loads before running: the modules and their static imports, to the end. */
function closure(clientDir, urls) {
  const seen = new Set();
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.pop();
    if (seen.has(url)) continue;
    seen.add(url);
    for (const next of staticImportsOf(clientDir, url)) queue.push(next);
  }
  return seen;
}

function readManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`no route manifest in ${assets}: build the web app first (node scripts/build.mjs)`);
  const text = readFileSync(path.join(assets, name), "utf8");
  return { url: `/assets/${name}`, ...JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) };
}

/** A prerendered page that loads no app (server/web-build.ts reads the same mark). */
function isStaticPage(clientDir, page) {
  const html = path.join(clientDir, page, "index.html");
  return existsSync(html) && readFileSync(html, "utf8").includes('<meta name="sereno-page" content="static"/>');
}

/** The path a route answers, from its own and its layouts' segments (`/care/psicologos/:id`). */
function pathOf(chain) {
  const segments = chain.flatMap((route) => (route.path ? route.path.split("/") : [])).filter(Boolean);
  return `/${segments.join("/")}`;
}

/**
 * Per page: the scripts of its first load, their compressed bytes, and the
 * chunks its modules import dynamically (loaded later, on use).
 * A prerendered public page whose HTML is marked static (web/root.tsx
 * `staticPage`) loads /static-page.js only.
 */
export function measurePages({ clientDir = defaultClientDir } = {}) {
  const manifest = readManifest(clientDir);
  const routes = manifest.routes;
  const lineage = (route) => [...(route.parentId ? lineage(routes[route.parentId]) : []), route];
  const hasChildren = new Set(Object.values(routes).map((route) => route.parentId));
  const pages = [];
  for (const route of Object.values(routes)) {
    if (hasChildren.has(route.id)) continue;
    const chain = lineage(route);
    const page = pathOf(chain);
    const isStatic = isStaticPage(clientDir, page);
    const start = isStatic
      ? ["/static-page.js"]
      : [manifest.url, manifest.entry.module, ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])])];
    const scripts = [...closure(clientDir, start)].sort();
    const later = new Set();
    for (const script of scripts) for (const url of dynamicImportsOf(clientDir, script)) later.add(url);
    const deferred = [...closure(clientDir, later)].filter((url) => !scripts.includes(url)).sort();
    const total = (list, key) => list.reduce((sum, url) => sum + sizes(clientDir, url)[key], 0);
    pages.push({
      page,
      isStatic,
      scripts,
      br: total(scripts, "br"),
      gzip: total(scripts, "gzip"),
      raw: total(scripts, "raw"),
      deferred,
      deferredBr: total(deferred, "br"),
      deferredGzip: total(deferred, "gzip"),
    });
  }
  return pages.sort((a, b) => b.gzip - a.gzip);
}

/** Pages whose first load is over the budget. */
export const overBudget = (pages, budget = PAGE_BUDGET) => pages.filter((page) => page.br > budget);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatTable(pages, budget = PAGE_BUDGET) {
  const lines = [
    `JavaScript of a first load (compressed as served; budget ${kb(budget)} per page)`,
    `${"page".padEnd(28)} ${"brotli".padStart(9)} ${"gzip".padStart(9)} ${"files".padStart(5)}   later, on use (brotli)`,
  ];
  for (const page of pages) {
    const mark = page.br > budget ? "  ✖ over budget" : "";
    const later = page.deferred.length > 0 ? `${kb(page.deferredBr)} in ${page.deferred.length}` : "";
    lines.push(
      `${page.page.padEnd(28)} ${kb(page.br).padStart(9)} ${kb(page.gzip).padStart(9)} ${String(page.scripts.length).padStart(5)}   ${later}${mark}`,
    );
  }
  return lines.join("\n");
}

/** The judgement in one line: the largest first load against the budget, and the pages over it. */
export function verdict(pages, budget = PAGE_BUDGET) {
  const largest = [...pages].sort((a, b) => b.br - a.br)[0];
  const over = overBudget(pages, budget);
  const top = largest ? `largest ${largest.page} ${kb(largest.br)} brotli, ${kb(largest.gzip)} gzip` : "no pages";
  return over.length === 0
    ? `✔ every page's first load is within ${kb(budget)} of JavaScript (${top})`
    : `✖ over ${kb(budget)}: ${over.map((page) => `${page.page} ${kb(page.br)}`).join(", ")}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = measurePages();
  if (process.argv.includes("--json")) console.log(JSON.stringify(pages, null, 2));
  else console.log(formatTable(pages));
  console.log(verdict(pages));
  if (overBudget(pages).length > 0) process.exit(1);
}
