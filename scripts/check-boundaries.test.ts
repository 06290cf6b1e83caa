import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkBoundaries, formatGraph } from "./check-boundaries.mjs";
import { fixBoundaries } from "./fix-boundaries.mjs";

let root: string;

/** A small tree laid out as the server's: each key a path under `root`, each value its text. */
function write(files: Record<string, string>) {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
}

/** Two features kept apart: `teams` uses `auth` through its public module only. */
const kept = {
  "server/features/auth/access.ts": "export const signedIn = 1;\nexport type Access = { rule: string };\n",
  "server/features/auth/index.ts": 'export { type Access, signedIn } from "./access.ts";\n',
  "server/features/teams/teams.routes.ts":
    'import { type Access, signedIn } from "#server/features/auth/index.ts";\nimport { helper } from "./helper.ts";\n',
  "server/features/teams/helper.ts": "export const helper = 1;\n",
  "server/features/teams/index.ts": 'export { helper } from "./helper.ts";\n',
  "server/app.ts": 'import { helper } from "#server/features/teams/index.ts";\n',
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "boundaries-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the server's feature boundaries (docs/decisions/087)", () => {
  it("passes a tree whose features meet only through their public modules, and draws its graph", () => {
    write(kept);
    const { problems, graph } = checkBoundaries({ root });
    expect(problems).toEqual([]);
    expect(formatGraph(graph)).toBe("teams → auth");
  });

  it("fails a deep import from another feature, and says what to write and what to export", () => {
    write({
      ...kept,
      "server/features/teams/members.ts":
        'import { type Access } from "#server/features/auth/access.ts";\nimport { other } from "../auth/other.ts";\n',
      "server/features/auth/other.ts": "export const other = 1;\n",
    });
    const { problems } = checkBoundaries({ root });
    expect(problems).toEqual([
      'server/features/teams/members.ts:1: "#server/features/auth/access.ts" is private to feature auth. ' +
        'Write instead: import { type Access } from "#server/features/auth/index.ts";',
      'server/features/teams/members.ts:2: "../auth/other.ts" is private to feature auth. ' +
        'Write instead: import { other } from "#server/features/auth/index.ts"; ' +
        'First add to server/features/auth/index.ts: export { other } from "./other.ts";',
    ]);
  });

  it("fails a deep import from outside the features, a re-export and a dynamic import() too", () => {
    write({
      ...kept,
      "server/app.ts": 'import { helper } from "#server/features/teams/helper.ts";\n',
      "server/features/care/index.ts":
        'export { care } from "./care.ts";\nexport { helper } from "#server/features/teams/helper.ts";\n',
      "server/features/care/care.ts": "export const care = 1;\n",
      "server/seed/demo.ts": 'export async function seed() {\n  await import("#server/features/teams/helper.ts");\n}\n',
    });
    const { problems } = checkBoundaries({ root });
    expect(problems.map((p) => p.split(" is private")[0])).toEqual([
      'server/app.ts:1: "#server/features/teams/helper.ts"',
      'server/features/care/index.ts:2: "#server/features/teams/helper.ts"',
      'server/seed/demo.ts:2: "#server/features/teams/helper.ts"',
    ]);
    expect(problems[1]).toContain('Write instead: export { helper } from "#server/features/teams/index.ts";');
  });

  it("fails two features that import each other, even through their public modules, naming both edges", () => {
    write({
      ...kept,
      "server/features/auth/access.ts":
        'import { helper } from "#server/features/teams/index.ts";\nexport const signedIn = helper;\nexport type Access = { rule: string };\n',
    });
    const { problems } = checkBoundaries({ root });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Features auth and teams import each other: /);
    expect(problems[0]).toContain("auth → teams (server/features/auth/access.ts:1)");
    expect(problems[0]).toContain("teams → auth (server/features/teams/teams.routes.ts:1)");
  });

  it("fails a longer loop, and a kernel or mail module that imports a feature", () => {
    write({
      ...kept,
      "server/features/care/care.ts": 'import { helper } from "#server/features/teams/index.ts";\n',
      "server/features/care/index.ts": 'export { care } from "./care.ts";\n',
      "server/features/auth/access.ts":
        'import type { care } from "#server/features/care/index.ts";\nexport const signedIn = 1;\nexport type Access = { rule: string };\n',
      "server/kernel/shared.ts": 'import { signedIn } from "#server/features/auth/index.ts";\n',
      "server/mail/templates.ts": 'import { helper } from "../features/teams/index.ts";\n',
    });
    const { problems } = checkBoundaries({ root });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^server\/kernel\/shared.ts:1: server\/kernel\/ imports no feature/);
    expect(problems[1]).toMatch(/^server\/mail\/templates.ts:1: server\/mail\/ imports no feature/);
    expect(problems[2]).toMatch(/^Features auth, care, teams import each other round a loop: /);
  });

  it("lets tests reach inside a feature", () => {
    write({
      ...kept,
      "server/features/teams/teams.test.ts": 'import { signedIn } from "#server/features/auth/access.ts";\n',
      "server/company-isolation.test.ts": 'import { helper } from "#server/features/teams/helper.ts";\n',
    });
    expect(checkBoundaries({ root }).problems).toEqual([]);
  });

  it("fixes deep imports as its messages say: the names join the public module, the imports point at it", () => {
    write({
      ...kept,
      "server/features/teams/members.ts":
        'import { type Access } from "#server/features/auth/access.ts";\nimport { other } from "../auth/other.ts";\n',
      "server/features/auth/other.ts": "export const other = 1;\n",
      "server/features/care/care.ts": 'import type { Helper } from "#server/features/teams/helper.ts";\n',
      "server/features/teams/helper.ts": "export const helper = 1;\nexport type Helper = number;\n",
    });
    expect(fixBoundaries({ root })).toEqual([
      "server/features/auth/index.ts",
      "server/features/care/care.ts",
      "server/features/teams/index.ts",
      "server/features/teams/members.ts",
    ]);
    expect(checkBoundaries({ root }).problems).toEqual([]);
    expect(readFileSync(path.join(root, "server/features/auth/index.ts"), "utf8")).toBe(
      'export { type Access, signedIn } from "./access.ts";\nexport { other } from "./other.ts";\n',
    );
    expect(readFileSync(path.join(root, "server/features/teams/index.ts"), "utf8")).toBe(
      'export { helper } from "./helper.ts";\nexport type { Helper } from "./helper.ts";\n',
    );
    expect(readFileSync(path.join(root, "server/features/teams/members.ts"), "utf8")).toBe(
      'import { type Access } from "#server/features/auth/index.ts";\nimport { other } from "#server/features/auth/index.ts";\n',
    );
  });

  it("passes this repository's server", () => {
    const { problems } = checkBoundaries({ root: path.resolve(import.meta.dirname, "..") });
    expect(problems).toEqual([]);
  });

  it("is drawn in docs/design.md §1 as it is: every feature, every edge, each pointing to a lower layer", () => {
    const repo = path.resolve(import.meta.dirname, "..");
    const { graph } = checkBoundaries({ root: repo });
    const design = readFileSync(path.join(repo, "docs/design.md"), "utf8");
    const drawing = design.slice(
      design.indexOf("      layer 0"),
      design.indexOf("\n\n", design.indexOf("      layer 0")),
    );
    const drawn = new Map<string, { layer: number; uses: string[] }>();
    let layer = -1;
    for (const line of drawing.split("\n")) {
      const [, layerNumber, rest = ""] = /^\s+(?:layer (\d+)\s+)?(.*)$/.exec(line) ?? [];
      if (layerNumber !== undefined) layer = Number(layerNumber);
      const [names = "", uses = ""] = rest.replace(/\(.*\)\s*$/, "").split("→");
      for (const name of listed(names)) drawn.set(name, { layer, uses: listed(uses).sort() });
    }
    expect([...drawn.keys()].sort()).toEqual(productFeatures(repo).sort());
    for (const [feature, { layer: at, uses }] of drawn) {
      expect(uses, `${feature}'s edges`).toEqual([...(graph.get(feature)?.keys() ?? [])].sort());
      for (const used of uses) expect(drawn.get(used)?.layer, `${feature} → ${used}`).toBeLessThan(at);
    }
  });
});

/** 'a, b, c' as its names; an empty list for ''. */
function listed(text: string): string[] {
  return text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

/** The repository's features: each folder of server/features/. */
function productFeatures(repo: string): string[] {
  return readdirSync(path.join(repo, "server/features"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}
