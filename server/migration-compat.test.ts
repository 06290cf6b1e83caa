/**
 * Expand, then contract (docs/style.md, docs/decisions/076): during a rolling
 * deploy the previous release keeps serving on the schema this release's
 * migrations leave. The previous release is the commit before the newest
 * migration; its server code (git archive) starts on a database migrated by
 * this release and answers a smoke of the API every release keeps: health,
 * sign-in, the admin's and the member's reads, a check-in, the manager's
 * summary and report; its start seeds the demo with its own inserts. On
 * PGlite in a temporary DATA_DIR; on PostgreSQL instead when TEST_DATABASE_URL
 * is set (the case rolling deploys are for). It runs on this tree's node_modules:
 * a package the previous release imports stays in package.json until then
 * (knip.json's ignoreDependencies; docs/decisions/110).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { DEMO_MANAGER, DEMO_PASSWORD, demoMembers } from "#server/seed/demo.ts";
import { type Product, startProduct } from "#tests/api/product-process.ts";
import { TEST_PASSWORD } from "#tests/api/sessions.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const root = fileURLToPath(new URL("..", import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), "sereno-previous-"));
const databaseName = `sereno_previous_${randomBytes(6).toString("hex")}`;
let admin: postgres.Sql | undefined;
let product: Product | undefined;

afterAll(async () => {
  await product?.crash();
  if (admin) {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(work, { recursive: true, force: true });
});

const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8" }).trim();

/** The commit before the newest migration, or why there is none to run (no git history: a tarball, a shallow clone). */
function previousRelease(): { commit: string; migration: string } | { missing: string } {
  try {
    const newest = git("log", "-1", "--format=%H", "--", "server/db/migrations/meta/_journal.json");
    const migration = git("log", "-1", "--format=%h %s", newest).slice(0, 100);
    return { commit: git("rev-parse", `${newest}^`), migration };
  } catch (error) {
    return { missing: `no git history to find the previous release in (${(error as Error).message.split("\n")[0]})` };
  }
}

const release = previousRelease();

/** This release's schema: the current migrations applied to an empty database; the previous release's DATA_DIR. */
async function migratedByThisRelease(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = path.join(work, "data");
  mkdirSync(dataDir);
  if (!serverUrl) {
    // The build's template is this release's migrations applied (tests/api/global-setup.ts).
    const database = await openDatabase({
      kind: "pglite",
      dataDir: path.join(dataDir, "db"),
      loadDataDir: readFileSync(inject("pgliteTemplate")),
    });
    await database.close();
    return { dataDir };
  }
  admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${databaseName}`);
  const target = new URL(serverUrl);
  target.pathname = `/${databaseName}`;
  const database = await openDatabase({ kind: "postgres", url: target.toString(), max: 1 });
  await database.close();
  return { dataDir, databaseUrl: target.toString() };
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, `sign-in of ${email}: ${await response.clone().text()}`).toBe(200);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

describe.skipIf("missing" in release)(
  `the previous release on this release's schema (${serverUrl ? "PostgreSQL" : "PGlite"})`,
  () => {
    it("starts, seeds and answers the API smoke", async () => {
      if (!("commit" in release)) return;
      const started = performance.now();
      const previous = path.join(work, "previous");
      mkdirSync(previous);
      // Its server, core and web sources and package.json (the import map); this checkout's installed packages.
      const tar = execFileSync(
        "git",
        ["-C", root, "archive", release.commit, "server", "core", "web", "package.json", "tsconfig.json"],
        {
          maxBuffer: 256 * 1024 * 1024,
        },
      );
      execFileSync("tar", ["-x", "-C", previous], { input: tar });
      symlinkSync(path.join(root, "node_modules"), path.join(previous, "node_modules"));
      const { dataDir, databaseUrl } = await migratedByThisRelease();

      product = await startProduct({ dataDir, databaseUrl, cwd: previous, env: { DEMO: "1" } });
      const { url } = product;
      const answers: Record<string, number> = {};
      const call = async (name: string, cookie: string, path: string, body?: unknown) => {
        const response = await fetch(`${url}${path}`, {
          method: body ? "POST" : "GET",
          headers: { origin: url, cookie, ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        answers[name] = response.status;
        return response;
      };
      await call("health", "", "/api/health");
      const adminCookie = await signIn(url, "admin@exemplo.com.br", TEST_PASSWORD);
      const manager = await signIn(url, DEMO_MANAGER.email, DEMO_PASSWORD);
      const member = await signIn(url, demoMembers[2]?.email as string, DEMO_PASSWORD);
      await call("admin me", adminCookie, "/api/me");
      await call("admin companies", adminCookie, "/api/admin/companies");
      await call("member me", member, "/api/me");
      await call("check-in", member, "/api/check-ins", { mood: 4, notes: "na versão anterior" });
      await call("member today", member, "/api/check-ins/today");
      await call("manager summary", manager, "/api/team/summary");
      await call("manager report", manager, "/api/reports?period=30d");
      expect(answers, `${release.migration}\n${product.output()}`).toEqual({
        health: 200,
        "admin me": 200,
        "admin companies": 200,
        "member me": 200,
        "check-in": 201,
        "member today": 200,
        "manager summary": 200,
        "manager report": 200,
      });
      // Nothing it did failed on the new schema, answered or not.
      expect(product.output()).not.toMatch(/"level":(50|60)/);
      console.log(
        `previous release ${release.commit.slice(0, 8)} (before '${release.migration}') on this release's schema: smoke passed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }, 300_000);
  },
);
