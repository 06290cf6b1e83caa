/**
 * `npm run bench`: performance budgets, measured on a PostgreSQL server.
 * Uses BENCH_DATABASE_URL (or TEST_DATABASE_URL); without either, starts a
 * throwaway server with .ci/start-postgres.sh on port 54339 and stops it after.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

let url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
let stop = () => {};
if (!url) {
  const dir = mkdtempSync(path.join(tmpdir(), "sereno-bench-pg-"));
  url = execFileSync(".ci/start-postgres.sh", [dir], { env: { ...process.env, PGPORT: "54339" } })
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
const result = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "bench/team-figures.ts"], {
  stdio: "inherit",
  env: { ...process.env, BENCH_DATABASE_URL: url },
});
stop();
process.exit(result.status ?? 1);
