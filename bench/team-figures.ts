/**
 * Speed at scale (issue 4): a company of 10,000 members with a year of daily
 * check-ins (3.65 million rows) on PostgreSQL, published by the job. Measures
 * the database time of every query behind the manager dashboard and the
 * reports, and of the check-in write, against a 25 ms budget. Run through
 * `npm run bench`; bench/scale.ts has the bigger sizes and the first reads.
 */
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { addDays } from "#core/dates.ts";
import { openDatabase } from "#server/db/client.ts";
import { insertCheckInOnce } from "#server/features/check-ins/insert-check-in.ts";
import { privacyKeyFrom } from "#server/features/disclosure/noise.ts";
import { buildReport, recentRespondents } from "#server/features/reports/company-stats.ts";
import { BENCH_TIMEZONE, publishEverything, seedCompany } from "./seed.ts";

const BUDGET_MS = 25;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL is required (scripts/bench.mjs sets it)");

const admin = postgres(url, { max: 1, onnotice: () => {} });
const name = "sereno_bench";
await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.unsafe(`CREATE DATABASE ${name}`);
const target = new URL(url);
target.pathname = `/${name}`;
const { db, close } = await openDatabase({ kind: "postgres", url: target.toString(), max: 4 });

console.log(`Seeding ${MEMBERS.toLocaleString("en-US")} members × ${DAYS} days...`);
let started = performance.now();
const { companyId, today, firstDay } = await seedCompany(db, { members: MEMBERS, days: DAYS });
const benchCompany = {
  id: companyId,
  name: "Bench",
  plan: "enterprise" as const,
  timezone: BENCH_TIMEZONE,
  createdAt: new Date(`${addDays(firstDay, -1)}T12:00:00-03:00`),
  memberCount: MEMBERS,
  activationCode: "bench",
};
const privacyKey = privacyKeyFrom("bench-secret-bench-secret-bench-secret");
console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

async function measure(label: string, run: () => Promise<unknown>, repeat = 15): Promise<boolean> {
  await run(); // warm the cache, as a busy server would be
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  const ok = median <= BUDGET_MS;
  console.log(
    `${ok ? "ok  " : "SLOW"} ${label.padEnd(46)} median ${median.toFixed(1).padStart(6)} ms  (max ${(times.at(-1) ?? 0).toFixed(1)} ms)`,
  );
  return ok;
}

const results: boolean[] = [];
results.push(
  await measure("dashboard: recent respondents, 7 days", () => recentRespondents(db, companyId, addDays(today, -6))),
);
started = performance.now();
await publishEverything(db, privacyKey);
console.log(
  `     the publishing job, ${DAYS} closed days of ${MEMBERS.toLocaleString("en-US")} members (once)  ${(performance.now() - started).toFixed(0)} ms`,
);
for (const period of ["7d", "30d", "90d", "ytd"] as const) {
  results.push(
    await measure(`report from published days, ${period}`, () => buildReport(db, benchCompany, period, new Date(), 5)),
  );
}
let writer = 0;
results.push(
  await measure(
    "check-in write (insert + rollup + XP, one statement)",
    async () => {
      writer += 1;
      await insertCheckInOnce(db, {
        userId: `bench-${writer}`,
        companyId,
        mood: 4,
        notes: null,
        at: new Date(),
        day: addDays(today, 1),
      });
    },
    50,
  ),
);

await close();
await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.end();
const failed = results.filter((ok) => !ok).length;
console.log(
  failed ? `\n${failed} measurement(s) over the ${BUDGET_MS} ms budget` : `\nAll within the ${BUDGET_MS} ms budget.`,
);
process.exit(failed ? 1 : 0);
