import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { precompress } from "./build.mjs";
import { measurePages, overBudget, PAGE_BUDGET, verdict } from "./js-budget.mjs";

/** A small web build laid out as React Router writes it: a route manifest and chunks that import each other. */
function writeBuild(dir: string, reportsSource: string) {
  const assets = path.join(dir, "assets");
  mkdirSync(assets, { recursive: true });
  const routes = {
    root: { id: "root", path: "", module: "/assets/root-1.js", imports: ["/assets/framework-1.js"] },
    "routes/home": { id: "routes/home", parentId: "root", index: true, module: "/assets/home-1.js" },
    "routes/app-layout": { id: "routes/app-layout", parentId: "root", module: "/assets/app-layout-1.js" },
    "routes/reports": {
      id: "routes/reports",
      parentId: "routes/app-layout",
      path: "reports",
      module: "/assets/reports-1.js",
      imports: [],
    },
  };
  const manifest = { entry: { module: "/assets/entry.client-1.js", imports: [] }, routes };
  const files: Record<string, string> = {
    "assets/manifest-abc.js": `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
    "assets/entry.client-1.js": 'import{a}from"./framework-1.js";a();',
    // Text that compresses well, and a chunk that does not (so its compressed size is large).
    "assets/framework-1.js": `export const a=()=>{};${"const framework=1;".repeat(400)}`,
    "assets/root-1.js": 'import{a}from"./framework-1.js";import"./shared-1.js";',
    "assets/shared-1.js": 'import"./deep-1.js";export const s=1;',
    "assets/deep-1.js": "export const d=1;",
    "assets/app-layout-1.js": 'import{s}from"./shared-1.js";',
    "assets/home-1.js": "export default 1;",
    "assets/reports-1.js": reportsSource,
    "assets/charts-1.js": `export const c="${randomBytes(160 * 1024).toString("base64")}";`,
    "static-page.js": "document.body;",
    // A prerendered public page that loads no app (web/root.tsx `staticPage`).
    "index.html": '<html><head><meta name="sereno-page" content="static"/></head></html>',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  precompress(dir);
}

const size = (dir: string, file: string) => statSync(path.join(dir, file)).size;

describe("js-budget: a page's first load", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "sereno-js-budget-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("follows static imports to the end, counts the served brotli and gzip copies, and lists dynamic imports apart", () => {
    writeBuild(dir, 'import{s}from"./shared-1.js";const load=()=>import(`./charts-1.js`);');
    const reports = measurePages({ clientDir: dir }).find((page) => page.page === "/reports");
    expect(reports?.scripts).toEqual([
      "/assets/app-layout-1.js",
      "/assets/deep-1.js",
      "/assets/entry.client-1.js",
      "/assets/framework-1.js",
      "/assets/manifest-abc.js",
      "/assets/reports-1.js",
      "/assets/root-1.js",
      "/assets/shared-1.js",
    ]);
    expect(reports?.deferred).toEqual(["/assets/charts-1.js"]);
    // framework-1.js and the manifest are over 1 KB (a compressed copy is served); the others go as they are.
    const served = (ext: "br" | "gz") =>
      size(dir, `assets/framework-1.js.${ext}`) +
      size(dir, "assets/manifest-abc.js") +
      ["entry.client-1", "root-1", "shared-1", "deep-1", "app-layout-1", "reports-1"].reduce(
        (sum, name) => sum + size(dir, `assets/${name}.js`),
        0,
      );
    expect(reports?.br).toBe(served("br"));
    expect(reports?.gzip).toBe(served("gz"));
    expect(reports?.deferredBr).toBe(size(dir, "assets/charts-1.js.br"));
    expect(overBudget(measurePages({ clientDir: dir }))).toEqual([]);
  });

  it("fails a page whose first load imports a large chunk statically", () => {
    writeBuild(dir, 'import{c}from"./charts-1.js";');
    const pages = measurePages({ clientDir: dir });
    expect(overBudget(pages, 100 * 1024).map((page) => page.page)).toEqual(["/reports"]);
    expect(verdict(pages, 100 * 1024)).toMatch(/^✖ over 100\.0 KB: \/reports \d+\.\d KB$/);
    expect(PAGE_BUDGET).toBe(200 * 1024);
  });

  it("counts a prerendered public page's one script", () => {
    writeBuild(dir, "export default 1;");
    const home = measurePages({ clientDir: dir }).find((page) => page.page === "/");
    expect(home?.isStatic).toBe(true);
    expect(home?.scripts).toEqual(["/static-page.js"]);
  });
});
