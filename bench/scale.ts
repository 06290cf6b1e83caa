/**
 * Scale in data and tenants (issue 37), on PostgreSQL: a company of
 * BENCH_SCALE_MEMBERS (50,000) added in one roster import through the
 * product's `addMembers`, with BENCH_SCALE_DAYS (365) of daily check-ins, and
 * BENCH_TENANTS (500) companies × BENCH_TENANT_MEMBERS (200) with
 * BENCH_TENANT_DAYS (30) of check-ins, on one database. Judges: the bulk add,
 * the first read of every period while the whole history is unpublished (it
 * must answer at once and say the rest is being prepared), the publishing
 * job's throughput, reads once published, and that no statement of the reads
 * or of the job ran over a second (sampled from pg_stat_activity every 50 ms);
 * then Resultados' job, first read and PDF (bench/resultados-scale.ts), and the check-in reminders' sweep at
 * its busiest minute, everyone due.
 * Run through `npm run bench` (BENCH_ONLY=scale for this part alone).
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { addDays } from "#core/dates.ts";
import { type Db, openDatabase, rowsOf } from "#server/db/client.ts";
import type { companies } from "#server/db/schema/index.ts";
import { privacyKeyFrom } from "#server/features/disclosure/noise.ts";
import { sweepReminders } from "#server/features/notifications/reminders.ts";
import { buildReport } from "#server/features/reports/company-stats.ts";
import { publishClosedDays } from "#server/features/reports/publish-closed-days.ts";
import { rebuildCompanyStats } from "#server/features/reports/rebuild-stats.ts";
import { teamInsights } from "#server/features/reports/team-insights.ts";
import { addMembers } from "#server/features/teams/add-members.ts";
import { median } from "./load.ts";
import { benchResultados, seedOutcomes } from "./resultados-scale.ts";
import {
  addTenantCheckIns,
  addTenantPeople,
  addTenantStats,
  BENCH_TIMEZONE,
  benchTenants,
  withoutCheckInIndexes,
} from "./seed.ts";

const MEMBERS = Number(process.env.BENCH_SCALE_MEMBERS ?? 50_000);
const DAYS = Number(process.env.BENCH_SCALE_DAYS ?? 365);
const tenants = benchTenants();
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error("BENCH_DATABASE_URL is required (scripts/bench.mjs sets it)");

type Row = { label: string; goal: string; pass: boolean; detail: string };
const rows: Row[] = [];
function judge(label: string, goal: string, pass: boolean, detail: string) {
  rows.push({ label, goal, pass, detail });
  console.log(`${pass ? "ok  " : "MISS"} ${label}: ${detail}`);
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const n = (value: number) => value.toLocaleString("en-US");

const admin = postgres(url, { max: 1, onnotice: () => {} });
const name = "sereno_bench_scale";
await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.unsafe(`CREATE DATABASE ${name}`);
const target = new URL(url);
target.pathname = `/${name}`;
const { db, close } = await openDatabase({ kind: "postgres", url: target.toString(), max: 4 });
const privacyKey = privacyKeyFrom("bench-secret-bench-secret-bench-secret-0123");
const now = new Date();
const today = new Intl.DateTimeFormat("en-CA", { timeZone: BENCH_TIMEZONE }).format(now);
const first = addDays(today, -DAYS);
const since = new Date(`${addDays(first, -1)}T12:00:00-03:00`);

console.log(
  `Scale: ${n(MEMBERS)} members × ${DAYS} days, and ${n(tenants.count)} companies × ${n(tenants.members)} × ${tenants.days} days\n`,
);

// 1. The roster import's bulk add, through the product's function and the profiles' trigger.
const [big] = rowsOf<typeof companies.$inferSelect & { id: string }>(
  await db.execute(sql`INSERT INTO companies (name, plan, timezone, created_at)
    VALUES ('Grande', 'enterprise', ${BENCH_TIMEZONE}, ${since.toISOString()}::timestamptz) RETURNING id`),
);
const bigId = big?.id as string;
let started = performance.now();
const people = Array.from({ length: MEMBERS }, (_, i) => ({
  name: `Pessoa ${i + 1}`,
  email: `pessoa${i + 1}@grande.test`,
}));
const { added } = await addMembers(db, bigId, people, { createdAt: since });
const addMs = performance.now() - started;
const [kept] = rowsOf<{ count: number; stints: number }>(
  await db.execute(sql`SELECT (SELECT member_count FROM companies WHERE id = ${bigId}) AS count,
    (SELECT count(*)::int FROM company_memberships WHERE company_id = ${bigId}) AS stints`),
);
judge(
  `${n(MEMBERS)} members added in one import`,
  "≤ 5 min",
  addMs <= 300_000 && added.length === MEMBERS && kept?.count === MEMBERS && kept?.stints === MEMBERS,
  `${seconds(addMs)} (${n(Math.round(MEMBERS / (addMs / 1000)))} people/s; member count ${n(kept?.count ?? 0)}, ${n(kept?.stints ?? 0)} memberships)`,
);

// 2. The tenants, and everyone's check-ins, seeded with generate_series (not through the product).
started = performance.now();
await addTenantPeople(db, tenants, first);
await withoutCheckInIndexes(db, async (tx) => {
  await tx.execute(sql`
    INSERT INTO user_progress (user_id, company_id, mood, day, completed_at, xp_earned)
    SELECT p.user_id, ${bigId}::uuid, 1 + ((abs(hashtext(p.user_id)) + d) % 5), ${first}::date + d,
           (${first}::date + d) + time '09:00', 50
    FROM generate_series(0, ${DAYS - 1}) d, profiles p WHERE p.company_id = ${bigId}`);
  await addTenantCheckIns(tx, tenants, today);
});
// Issue 47: four quarters of WHO-5 and 5,000 care journeys, for Resultados (bench/resultados-scale.ts).
await seedOutcomes(db, { id: bigId, name: "Grande", timezone: BENCH_TIMEZONE, createdAt: since }, now);
await db.transaction(async (t) => {
  const tx = t as unknown as Db;
  await tx.execute(sql`SET LOCAL statement_timeout = 0`);
  await rebuildCompanyStats(tx, bigId);
  await addTenantStats(tx, bigId);
});
await admin.unsafe(`SELECT 1`);
const tuning = postgres(target.toString(), { max: 1, onnotice: () => {} });
await tuning.unsafe("VACUUM ANALYZE");
await tuning.unsafe("CHECKPOINT");
const [{ total } = { total: 0 }] = rowsOf<{ total: number }>(
  await db.execute(sql`SELECT count(*)::int AS total FROM user_progress`),
);
const seedMs = performance.now() - started;
judge(
  "seed: check-ins with generate_series",
  "minutes, not hours",
  seedMs <= 30 * 60_000,
  `${n(total)} check-ins in ${seconds(seedMs)}`,
);

// The longest statement seen running in the bench database, sampled every 50 ms from another connection.
const sampler = postgres(url, { max: 1, onnotice: () => {} });
const longest = { ms: 0, query: "" };
let sampling = true;
const sampled = (async () => {
  while (sampling) {
    const active = await sampler<{ ms: number; query: string }[]>`
      SELECT (extract(epoch FROM clock_timestamp() - query_start) * 1000)::float8 AS ms, left(query, 120) AS query
      FROM pg_stat_activity WHERE datname = ${name} AND state = 'active' AND pid <> pg_backend_pid()
        AND query NOT ILIKE '%pg_stat_activity%'`;
    for (const row of active) if (row.ms > longest.ms) Object.assign(longest, { ms: row.ms, query: row.query });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();
const resetLongest = () => Object.assign(longest, { ms: 0, query: "" });
const statementRow = (phase: string) =>
  judge(
    `longest statement, ${phase}`,
    "≤ 1000 ms",
    longest.ms <= 1000,
    `${longest.ms.toFixed(0)} ms${longest.ms > 0 ? ` (${longest.query.replace(/\s+/g, " ").slice(0, 80)}…)` : ""}`,
  );

// A running server's connections are open already: open the pool's before timing anything.
await Promise.all(Array.from({ length: 4 }, () => db.execute(sql`SELECT pg_sleep(0.05)`)));

// 3. First reads of the big company, nothing published yet: they answer at once and say so.
const company = {
  id: bigId,
  name: "Grande",
  plan: "enterprise" as const,
  timezone: BENCH_TIMEZONE,
  createdAt: since,
  memberCount: MEMBERS,
  activationCode: "bench",
};
for (const period of ["7d", "30d", "90d", "ytd"] as const) {
  started = performance.now();
  const report = await buildReport(db, company, period, now, 5);
  const ms = performance.now() - started;
  judge(
    `first read, ${period}, unpublished history`,
    "≤ 1000 ms, says it is preparing",
    ms <= 1000 && report.preparingDays > 0,
    `${ms.toFixed(0)} ms, ${n(report.preparingDays)} days being prepared`,
  );
}
started = performance.now();
const insights = await teamInsights(db, company, now, 5);
judge(
  "first read, insights (90 days)",
  "≤ 1000 ms",
  performance.now() - started <= 1000,
  `${(performance.now() - started).toFixed(0)} ms, ${insights.preparingDays} days being prepared`,
);
statementRow("first reads");

// 4. The job: the big company first (as its reader's wake-up asks), then every tenant in turn.
async function publishAll(companyId?: string) {
  const runs: number[] = [];
  const counted = { days: 0 };
  const begun = performance.now();
  for (;;) {
    const run = performance.now();
    const result = await publishClosedDays(db, privacyKey, now, 5, { companyId });
    runs.push(performance.now() - run);
    counted.days += result.days;
    if (result.isDone) break;
  }
  return { ms: performance.now() - begun, runs, days: counted.days };
}
resetLongest();
const bigJob = await publishAll(bigId);
const checkInsPublished = MEMBERS * DAYS;
judge(
  `publishing job, ${n(MEMBERS)} × ${DAYS}`,
  "bounded runs, whole history",
  bigJob.days >= DAYS && Math.max(...bigJob.runs) <= 15_000,
  `${bigJob.days} company-days in ${seconds(bigJob.ms)} over ${bigJob.runs.length} runs (longest ${seconds(Math.max(...bigJob.runs))}): ` +
    `${n(Math.round(checkInsPublished / (bigJob.ms / 1000)))} check-ins/s, ${(bigJob.days / (bigJob.ms / 1000)).toFixed(1)} company-days/s`,
);
const tenantJob = await publishAll();
const tenantDays =
  rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM published_daily_buckets WHERE company_id <> ${bigId}`),
  )[0]?.n ?? 0;
judge(
  `publishing job, ${n(tenants.count)} companies`,
  "bounded runs, whole history",
  tenantDays > 0 && Math.max(...tenantJob.runs) <= 15_000,
  `${n(tenantDays)} company-days in ${seconds(tenantJob.ms)} over ${tenantJob.runs.length} runs: ${(tenantDays / (tenantJob.ms / 1000)).toFixed(0)} company-days/s`,
);
statementRow("publishing job");

// 5. Reads once published: the report from stored rows only, the big company and a tenant.
resetLongest();
const [tenant] = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM companies WHERE name = 'Empresa 1'`));
const tenantCompany = { ...company, id: tenant?.id as string, name: "Empresa 1", memberCount: tenants.members };
for (const [who, subject] of [
  ["big", company],
  ["tenant", tenantCompany],
] as const) {
  for (const period of ["30d", "ytd"] as const) {
    const times: number[] = [];
    let preparing = 0;
    for (let i = 0; i < 11; i++) {
      started = performance.now();
      preparing = (await buildReport(db, subject, period, now, 5)).preparingDays;
      times.push(performance.now() - started);
    }
    judge(
      `report once published, ${who} ${period}`,
      "≤ 25 ms median, complete",
      median(times) <= 25 && preparing === 0,
      `median ${median(times).toFixed(1)} ms (max ${Math.max(...times).toFixed(1)})`,
    );
  }
}
statementRow("reads once published");

// 5b. Resultados (issue 47 item 7): its job over every company, then the page's first read and the PDF.
resetLongest();
await benchResultados(db, privacyKey, company, now, judge);
statementRow("Resultados");

// 6. The check-in reminders' sweep (it runs every minute) at its busiest: everyone's reminder is due
// (09:45 of a Monday, the default 09:30 on weekdays) and nobody has checked in. The first minute
// enqueues one job per person; the next finds them all enqueued.
resetLongest();
let monday = addDays(today, 1);
while (new Date(`${monday}T12:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
const sweepAt = new Date(`${monday}T09:45:00-03:00`);
started = performance.now();
const firstSweep = await sweepReminders(db, sweepAt);
const firstSweepMs = performance.now() - started;
started = performance.now();
const nextSweep = await sweepReminders(db, new Date(sweepAt.getTime() + 60_000));
const nextSweepMs = performance.now() - started;
const everyone = MEMBERS + tenants.count * tenants.members;
judge(
  `reminder sweep, ${n(everyone)} people due at once`,
  "≤ 60 s, one job each",
  firstSweep.enqueued === everyone && firstSweepMs <= 60_000,
  `${n(firstSweep.enqueued)} enqueued in ${seconds(firstSweepMs)}`,
);
judge(
  "reminder sweep, the minute after",
  "≤ 1 s, none again",
  nextSweep.enqueued === 0 && nextSweepMs <= 1_000,
  `${n(nextSweep.enqueued)} enqueued in ${(nextSweepMs).toFixed(0)} ms`,
);
statementRow("reminder sweep");
await db.execute(sql`DELETE FROM jobs WHERE name = 'reminder'`);

sampling = false;
await sampled;
await Promise.all([sampler.end(), tuning.end()]);
await close();
await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.end();

console.log("\n| figure | goal | measured | |\n|---|---|---|---|");
for (const row of rows)
  console.log(`| ${row.label} | ${row.goal} | ${row.detail} | ${row.pass ? "ok" : "**missed**"} |`);
const missed = rows.filter((row) => !row.pass).length;
console.log(missed ? `\n${missed} goal(s) missed` : "\nEvery goal met.");
process.exit(missed ? 1 : 0);
