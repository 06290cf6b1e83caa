/**
 * `npm run bench`: performance budgets, measured on a PostgreSQL server (and
 * PGlite for the embedded figures).
 * Uses BENCH_DATABASE_URL (or TEST_DATABASE_URL); without either, starts a
 * throwaway server with .ci/start-postgres.sh on port 54339 and stops it after.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfNeeded } from "./build.mjs";

let url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
// A given server may be the tests' one, with fsync off: the product starts on it (it logs a warning and
// /api/health says 'degraded'); the bench's own throwaway server below is durable.
const productEnv = url ? { ALLOW_NON_DURABLE_DATABASE: "1" } : {};
let stop = () => {};
if (!url) {
  const dir = mkdtempSync(path.join(tmpdir(), "sereno-bench-pg-"));
  url = execFileSync(".ci/start-postgres.sh", [dir], {
    // Durable commits, as in production: the check-in's ceiling is an fsync'd insert (docs/decisions/021).
    env: { ...process.env, PGPORT: "54339", PG_DURABLE: "1" },
  })
    .toString()
    .trim();
  stop = () => {
    const bin = execFileSync("bash", ["-c", "ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1"]).toString().trim();
    const cmd = `'${bin}/pg_ctl' -D '${dir}/data' -m fast stop`;
    spawnSync(
      process.getuid?.() === 0 ? "su" : "bash",
      process.getuid?.() === 0 ? ["postgres", "-s", "/bin/bash", "-c", cmd] : ["-c", cmd],
    );
    rmSync(dir, { recursive: true, force: true });
  };
}
// The database's own time per query, then the HTTP side by side with its ceiling (docs/decisions/021).
// BENCH_ONLY (bench/http.ts's parts) skips the first three unless it names "queries", "scale" or "roster", and
// the cluster's fault drills unless it names "cluster".
const only = process.env.BENCH_ONLY?.split(",").map((part) => part.trim());
const scripts = [
  ...(!only || only.includes("queries") ? ["bench/team-figures.ts"] : []),
  // Issue 37: 50,000 members × a year and 500 tenants, first reads, the publishing job, bulk membership.
  ...(!only || only.includes("scale") ? ["bench/scale.ts"] : []),
  // Issue 33: a 5,000-row HR file applied through the HR API (≤ 60 s, ≤ 300 MB).
  ...(!only || only.includes("roster") ? ["bench/roster.ts"] : []),
  ...(!only || only.some((part) => !["queries", "scale", "roster", "cluster"].includes(part)) ? ["bench/http.ts"] : []),
  // Issue 49: the fault drills on a cluster of their own (`npm run test:cluster`, docs/decisions/073): 6 minutes,
  // too long for CI.
  ...(!only || only.includes("cluster") ? ["tests/cluster/drills.ts"] : []),
];
let status = 0;
for (const script of scripts) {
  const result = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", script], {
    stdio: "inherit",
    env: { ...process.env, ...productEnv, BENCH_DATABASE_URL: url },
  });
  status ||= result.status ?? 1;
}
stop();
// Goal 6 of issue 37: each page's first load within 200 KB of compressed JavaScript, read from the build
// bench/http.ts ran (scripts/build.mjs rebuilds only what is stale).
await buildIfNeeded();
console.log("");
const budget = spawnSync(process.execPath, ["scripts/js-budget.mjs"], { stdio: "inherit" });
status ||= budget.status ?? 1;
process.exit(status);
