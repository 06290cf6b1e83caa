/**
 * Issue 33: applying a 5,000-row HR file (goal: under 60 s and under 300 MB of
 * memory beyond the idle server's), through the product as an HR system sends
 * it: the built server on PostgreSQL, `POST /api/v1/roster/sync` with the CSV,
 * then its job polled until done. Time runs from the upload to the job's end
 * (preview included); memory is the server's peak RSS over its RSS before the
 * upload, sampled every 100 ms. BENCH_ROSTER_ROWS changes the size.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, rowsOf } from "#server/db/client.ts";
import { makeApiKey } from "#server/features/roster/api-keys.ts";
import { peopleOf, rosterCsv } from "#tests/api/roster.ts";
// @ts-expect-error: a plain .mjs script without types
import { buildIfNeeded } from "../scripts/build.mjs";
import { PRODUCTION_ENV, rssMb, startServer } from "./load.ts";

const ROWS = Number(process.env.BENCH_ROSTER_ROWS ?? 5_000);
const baseUrl = process.env.BENCH_DATABASE_URL ?? "";
if (!baseUrl) throw new Error("BENCH_DATABASE_URL is required (scripts/bench.mjs sets it)");

await buildIfNeeded();
const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
const dbName = "sereno_bench_roster";
await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.unsafe(`CREATE DATABASE ${dbName}`);
const target = new URL(baseUrl);
target.pathname = `/${dbName}`;
const databaseUrl = target.toString();

// The company and its key, as the manager's screen would leave them.
const database = await openDatabase({ kind: "postgres", url: databaseUrl, max: 2 });
const [company] = rowsOf<{ id: string }>(
  await database.db.execute(
    sql`INSERT INTO companies (name, plan, timezone) VALUES ('Bench RH', 'enterprise', 'America/Sao_Paulo') RETURNING id`,
  ),
);
const key = makeApiKey();
await database.db.execute(sql`
  INSERT INTO roster_api_keys (company_id, name, prefix, secret_hash, created_by_email)
  VALUES (${company?.id}::uuid, 'Bench', ${key.prefix}, ${key.secretHash}, 'bench@sereno.test')`);
// A first load of the whole roster through a key is past the HR API's daily cap: the platform admin's
// allowance, as POST /api/admin/companies/:id/roster-api-allowance leaves it (docs/decisions/057).
await database.db.execute(sql`
  INSERT INTO roster_api_additions (company_id, kind, people) VALUES (${company?.id}::uuid, 'allowed', ${ROWS})`);
await database.close();

const scratch = mkdtempSync(path.join(tmpdir(), "sereno-bench-roster-"));
const port = 4611;
const server = await startServer(
  ["build/app/main.js"],
  {
    ...PRODUCTION_ENV,
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: scratch,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
  },
  port,
  "/api/health",
);
const pid = server.child.pid as number;
await new Promise((resolve) => setTimeout(resolve, 2_000)); // start-up's own work settles
const idle = rssMb(pid);
let peak = idle;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMb(pid));
}, 100);

const headers = { authorization: `Bearer ${key.secret}` };
const started = performance.now();
const sent = await fetch(`${server.url}/api/v1/roster/sync`, {
  method: "POST",
  headers: { ...headers, "content-type": "text/csv" },
  body: new Uint8Array(rosterCsv(peopleOf(ROWS))),
});
const accepted = (await sent.json()) as { id?: string };
if (sent.status !== 202 || !accepted.id) throw new Error(`sync answered ${sent.status}: ${JSON.stringify(accepted)}`);
const previewMs = performance.now() - started;
let run: { status: string; rowsDone: number; result: { created: number } | null };
for (;;) {
  const polled = await fetch(`${server.url}/api/v1/roster/sync/${accepted.id}`, { headers });
  run = (await polled.json()) as typeof run;
  if (run.status === "done" || run.status === "failed") break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const totalMs = performance.now() - started;
clearInterval(sampler);
await server.stop();
await admin.unsafe(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
rmSync(scratch, { recursive: true, force: true });

const extra = peak - idle;
const pass = run.status === "done" && run.result?.created === ROWS && totalMs <= 60_000 && extra <= 300;
console.log(
  `${pass ? "ok  " : "MISS"} roster import of ${ROWS} rows through the HR API: ${(totalMs / 1000).toFixed(1)} s ` +
    `(preview ${(previewMs / 1000).toFixed(1)} s), ${extra.toFixed(0)} MB over the idle server's ${idle.toFixed(0)} MB; ` +
    `${run.status}, ${run.result?.created ?? 0} created (goal: ≤ 60 s, ≤ 300 MB)`,
);
process.exit(pass ? 0 : 1);
