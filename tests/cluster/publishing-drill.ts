/**
 * The publishing run killed in the middle (issue 49 item 2, docs/decisions/099): a company with two years of
 * check-ins, never published; process 1, started with DRILL_PUBLISH_PAUSE_MS (a pause after each piece, so its
 * run lasts long enough to be killed), takes the run a manager's read asks for; it is killed -9 once part of the
 * history is published. The other process takes the run once the lease runs out and publishes the rest. Then:
 * every closed day published exactly once, every closed month released once, and each row equal to what a run
 * that was never killed publishes (the same run replayed in a transaction that is rolled back: the same noise,
 * drawn from the key, not from the order of the work).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { addDays, localDay } from "#core/dates.ts";
import { DEFAULT_PRIVACY_MIN_GROUP } from "#core/team-metrics.ts";
import { type Db, openDatabase, rowsOf } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";
import { createAccount } from "#server/features/auth/accounts.ts";
import { privacyKeyFrom } from "#server/features/disclosure/index.ts";
import { PUBLISH_JOB, publishClosedDays } from "#server/features/reports/publish-closed-days.ts";
import { signInAll } from "#tests/api/product-process.ts";
import { TEST_PASSWORD } from "#tests/api/sessions.ts";

/** What the drill needs from drills.ts: the cluster and its load, passed in (one file per drill). */
export type DrillKit = {
  layout: { dir: string; url: string; appPorts: number[] };
  primaryUrl: string;
  startProcess: (index: 0 | 1, env?: Record<string, string>) => Promise<void>;
  stopProcess: (index: 0 | 1, signal: "SIGTERM" | "SIGKILL") => Promise<void>;
  waitFor: (what: string, check: () => Promise<boolean>, timeoutMs: number) => Promise<number>;
  sleep: (ms: number) => Promise<unknown>;
  /** Called right after the kill (the drill scrapes /metrics there). */
  onKilled?: () => Promise<void>;
};

const MEMBERS = 30;
const HISTORY_DAYS = 700;
const PAUSE_MS = 500;
/** Process 1 is killed once this many days are published (of about 700), well before its run ends. */
const KILL_AFTER_DAYS = 150;
const TIME_ZONE = "America/Sao_Paulo";

type Published = Record<string, unknown> & { day: string };

/** The company's published days and released months, as comparable rows (no publication instant). */
async function publishedOf(db: Db, companyId: string) {
  const days = rowsOf<Published>(
    await db.execute(sql`
      SELECT day::text AS day, check_ins, noisy_check_ins, members, eligible, suppressed, noisy_mood_delta,
        noisy_energy_answers, energy_suppressed, noisy_energy_delta, noisy_stress_answers, stress_suppressed,
        noisy_stress_delta, epsilon
      FROM published_daily_buckets WHERE company_id = ${companyId} ORDER BY day`),
  );
  const months = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT figure, subject, noisy_count, shown, noisy_mean FROM disclosed_figures
      WHERE company_id = ${companyId} AND figure = 'moodMonth' ORDER BY subject`),
  );
  const twice = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM (SELECT day FROM published_daily_buckets WHERE company_id = ${companyId}
        GROUP BY day HAVING count(*) > 1) AS d`),
  )[0]?.n;
  return { days, months, publishedTwice: twice ?? 0 };
}

/** A company created HISTORY_DAYS ago, its members checking in on most days since; nothing published. */
async function seedHistory(db: Db) {
  const createdAt = new Date(Date.now() - HISTORY_DAYS * 86_400_000);
  const [company] = await db
    .insert(companies)
    .values({ name: "Publicadora Simulada", plan: "enterprise", createdAt, timezone: TIME_ZONE })
    .returning();
  if (!company) throw new Error("no company");
  const passwordHash = await hashPassword(TEST_PASSWORD);
  for (let i = 0; i < MEMBERS; i++) {
    await createAccount(db, {
      email: `pessoa${i}@publicadora.exemplo.com.br`,
      name: `Pessoa ${i}`,
      passwordHash,
      role: "user",
      companyId: company.id,
      createdAt,
      wellbeingConsent: { at: createdAt, version: WELLBEING_CONSENT_VERSION },
    });
  }
  const manager = "gestora@publicadora.exemplo.com.br";
  await createAccount(db, {
    email: manager,
    name: "Gestora",
    passwordHash,
    role: "manager",
    companyId: company.id,
    createdAt,
  });
  const first = localDay(createdAt, TIME_ZONE);
  const yesterday = addDays(localDay(new Date(), TIME_ZONE), -1);
  // About 4 in 5 members a day, moods and the optional answers spread from the person and the day.
  await db.execute(sql`
    INSERT INTO user_progress (user_id, company_id, day, mood, energy, stress, completed_at)
    SELECT p.user_id, ${company.id}::uuid, d::date,
      1 + (abs(hashtext(p.user_id || d::text)) % 5),
      CASE WHEN abs(hashtext(d::text || p.user_id)) % 3 = 0 THEN NULL ELSE 1 + (abs(hashtext(p.user_id)) % 5) END,
      1 + (abs(hashtext(d::text)) % 5),
      d::timestamp AT TIME ZONE ${TIME_ZONE} + interval '10 hours'
    FROM profiles p, generate_series(${first}::date + 1, ${yesterday}::date, interval '1 day') AS d
    WHERE p.company_id = ${company.id} AND p.role = 'user' AND abs(hashtext(p.user_id || 'x' || d::text)) % 5 <> 0`);
  const closedDays =
    Math.round((Date.parse(`${yesterday}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;
  return { companyId: company.id, manager, closedDays };
}

/** The 15-minute publishing slot (reports.jobs.ts) publishes every company: the drill keeps clear of it. */
async function clearOfTheSlot(kit: DrillKit) {
  const slotMs = 15 * 60_000;
  const untilNext = slotMs - (Date.now() % slotMs);
  if (untilNext < 200_000) {
    console.log(`  waiting ${Math.round(untilNext / 1000) + 15} s for the 15-minute publishing slot to pass`);
    await kit.sleep(untilNext + 15_000);
  }
}

export async function publishingDrill(kit: DrillKit) {
  const { layout } = kit;
  const secret = readFileSync(path.join(layout.dir, "sereno.env"), "utf8").match(/^AUTH_SECRET=(.*)$/m)?.[1];
  assert.ok(secret, "the cluster's AUTH_SECRET");
  await kit.stopProcess(0, "SIGTERM");
  await kit.startProcess(0, { DRILL_PUBLISH_PAUSE_MS: String(PAUSE_MS) });
  await clearOfTheSlot(kit);
  const database = await openDatabase({ kind: "postgres", url: kit.primaryUrl, max: 2 });
  const { db } = database;
  try {
    const { companyId, manager, closedDays } = await seedHistory(db);
    const [cookie] = await signInAll(layout.url, [manager]);
    // The manager's read on process 1 itself: it finds the days unpublished and rings its own runner.
    const app1 = `http://127.0.0.1:${layout.appPorts[0]}`;
    const read = await fetch(`${app1}/api/team/summary`, { headers: { origin: layout.url, cookie: cookie as string } });
    assert.equal(read.status, 200, await read.text());
    const count = async () => (await publishedOf(db, companyId)).days.length;
    const startedAt = performance.now();
    await kit.waitFor(
      "part of the history published by process 1",
      async () => (await count()) >= KILL_AFTER_DAYS,
      60_000,
    );
    await kit.stopProcess(0, "SIGKILL");
    const killedAt = performance.now();
    const atKill = await publishedOf(db, companyId);
    await kit.onKilled?.();
    assert.ok(atKill.days.length < closedDays, "process 1 was killed before its run ended");
    const unfinished = async () =>
      rowsOf<{ n: number }>(
        await db.execute(sql`
          SELECT count(*)::int AS n FROM jobs WHERE name = ${PUBLISH_JOB} AND payload->>'companyId' = ${companyId}
            AND finished_at IS NULL AND failed_at IS NULL`),
      )[0]?.n ?? 0;
    const doneMs = await kit.waitFor(
      "the rest published by the other process",
      async () => (await count()) === closedDays && (await unfinished()) === 0,
      180_000,
    );
    const after = await publishedOf(db, companyId);
    const jobsRun = rowsOf<{ key: string; attempts: number; finished: boolean }>(
      await db.execute(sql`
        SELECT key, attempts, finished_at IS NOT NULL AS finished FROM jobs
        WHERE name = ${PUBLISH_JOB} AND payload->>'companyId' = ${companyId} ORDER BY created_at`),
    );
    // The run never killed: the same job from nothing, in a transaction rolled back.
    const neverKilled = await db
      .transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM published_daily_buckets WHERE company_id = ${companyId}`);
        await tx.execute(sql`DELETE FROM disclosed_figures WHERE company_id = ${companyId} AND figure = 'moodMonth'`);
        await publishClosedDays(tx, privacyKeyFrom(secret), new Date(), DEFAULT_PRIVACY_MIN_GROUP, {
          companyId,
          sweepMonths: true,
          budgetMs: 600_000,
        });
        throw Object.assign(new Error("rolled back"), { published: await publishedOf(tx, companyId) });
      })
      .catch((error: { published?: Awaited<ReturnType<typeof publishedOf>> }) => {
        if (!error.published) throw error;
        return error.published;
      });
    const differing = after.days.filter((row, i) => JSON.stringify(row) !== JSON.stringify(neverKilled.days[i]));
    console.log(
      `a publishing run in the killed process: ${closedDays} closed days of ${MEMBERS} members, ` +
        `${atKill.days.length} published when process 1 was killed ${((killedAt - startedAt) / 1000).toFixed(1)} s into its run, ` +
        `all ${after.days.length} published ${(doneMs / 1000).toFixed(1)} s after the kill by the other process; ` +
        `${after.publishedTwice} days published twice, ${after.months.length} months released ` +
        `(${neverKilled.months.length} by a run never killed), ${differing.length} rows unlike the run never killed`,
    );
    console.log(
      `  its jobs: ${jobsRun.map((job) => `${job.key.split(":")[0]} ${job.attempts} attempt(s)${job.finished ? "" : " unfinished"}`).join(", ")}`,
    );
    assert.equal(after.days.length, closedDays, "every closed day published");
    assert.equal(after.publishedTwice, 0, "no day published twice");
    assert.deepEqual(after.days, neverKilled.days, "each day as a run never killed publishes it");
    assert.deepEqual(after.months, neverKilled.months, "each month as a run never killed releases it");
    assert.ok(
      jobsRun.some((job) => job.key.startsWith("wake:") && job.attempts === 2 && job.finished),
      "the killed run was taken again (a second attempt) and finished",
    );
    return { seconds: doneMs / 1000, days: closedDays, publishedAtKill: atKill.days.length };
  } finally {
    await database.close();
    await kit.startProcess(0);
  }
}
