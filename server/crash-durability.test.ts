/**
 * An acknowledged check-in survives the process dying (docs/decisions/018):
 * the real product runs as a child process, members check in concurrently,
 * the process gets SIGKILL while requests are in flight, and after a restart
 * on the same database every check-in that got a 201 is there, whole (the
 * company's rollup and the XP agree with the rows). On PGlite in a temporary
 * DATA_DIR; on PostgreSQL instead when TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type DatabaseConfig, openDatabase, rowsOf } from "#server/db/client.ts";
import { inPool, type Product, seedMembers, signInAll, startProduct } from "#tests/api/product-process.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const MEMBERS = 24;
/** Concurrent requests in the burst: the kill always finds some in flight and some not yet sent. */
const IN_FLIGHT = 6;
const KILL_AFTER_ACKNOWLEDGED = 10;

const dataDir = mkdtempSync(path.join(tmpdir(), "sereno-crash-"));
const databaseName = `sereno_crash_${randomBytes(6).toString("hex")}`;
let admin: postgres.Sql | undefined;
let product: Product | undefined;

/**
 * Where the product will look: DATA_DIR/db for PGlite, or a new database on
 * the server. `seed` fills PGlite's folder from the migrated template first.
 */
async function databaseConfig(): Promise<{ config: DatabaseConfig; seed: DatabaseConfig; databaseUrl?: string }> {
  if (!serverUrl) {
    const config = { kind: "pglite", dataDir: path.join(dataDir, "db") } as const;
    return { config, seed: { ...config, loadDataDir: readFileSync(inject("pgliteTemplate")) } };
  }
  admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${databaseName}`);
  const target = new URL(serverUrl);
  target.pathname = `/${databaseName}`;
  const config = { kind: "postgres", url: target.toString(), max: 2 } as const;
  return { config, seed: config, databaseUrl: target.toString() };
}

afterAll(async () => {
  await product?.crash();
  if (admin) {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`a crash during a check-in burst on ${serverUrl ? "PostgreSQL" : "PGlite"}`, () => {
  it("loses no acknowledged check-in", async () => {
    const phases: string[] = [];
    let mark = performance.now();
    const phase = (name: string) => {
      phases.push(`${name} ${Math.round(performance.now() - mark)} ms`);
      mark = performance.now();
    };
    const { config, seed, databaseUrl } = await databaseConfig();
    const seeding = await openDatabase(seed);
    const { companyId, emails } = await seedMembers(seeding.db, MEMBERS);
    await seeding.close();
    phase("seed");

    product = await startProduct({ dataDir, databaseUrl });
    const running = product;
    phase("start");
    const cookies = await signInAll(running.url, emails);
    phase("sign-in");

    const acknowledged = new Map<number, string>(); // member → check-in id from the 201
    let unanswered = 0;
    let killed: Promise<void> | undefined;
    await inPool(cookies, IN_FLIGHT, async (cookie, member) => {
      const response = await fetch(`${running.url}/api/check-ins`, {
        method: "POST",
        headers: { origin: running.url, cookie, "content-type": "application/json" },
        body: JSON.stringify({ mood: 1 + (member % 5), notes: `nota do membro ${member}` }),
        signal: AbortSignal.timeout(20_000),
      }).catch(() => null);
      if (!response) {
        unanswered += 1;
        return;
      }
      const body = (await response.json().catch(() => null)) as { checkIn?: { id: string } } | null;
      if (response.status === 201 && body?.checkIn) acknowledged.set(member, body.checkIn.id);
      else if (killed) unanswered += 1;
      else throw new Error(`check-in before the crash: ${response.status} ${JSON.stringify(body)}`);
      if (acknowledged.size === KILL_AFTER_ACKNOWLEDGED) killed = running.crash();
    });
    await killed;
    phase("burst");
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(unanswered).toBeGreaterThan(0); // the kill did interrupt the burst

    // The same database, a new process: it starts (PGlite recovers its files) and serves.
    product = await startProduct({ dataDir, databaseUrl });
    const first = [...acknowledged.keys()][0] as number;
    const me = await fetch(`${product.url}/api/check-ins/today`, { headers: { cookie: cookies[first] as string } });
    expect(me.status).toBe(200);
    await product.stop();
    phase("restart");

    const reopened = await openDatabase(config);
    const rows = rowsOf<{ id: string; email: string }>(
      await reopened.db.execute(sql`
        select p.id, pr.email from user_progress p join profiles pr on pr.user_id = p.user_id
        where p.exercise_id is null`),
    );
    const [totals] = rowsOf<{ rollup: number; xp: number }>(
      await reopened.db.execute(sql`
        select (select coalesce(sum(check_ins), 0) from company_daily_stats where company_id = ${companyId})::int as rollup,
               (select coalesce(sum(xp), 0) from profiles where company_id = ${companyId})::int as xp`),
    );
    await reopened.close();

    const stored = new Map(rows.map((row) => [row.email, row.id]));
    const lost = [...acknowledged].filter(([member, id]) => stored.get(emails[member] as string) !== id);
    console.info(
      `crash on ${config.kind}: ${acknowledged.size} acknowledged, ${unanswered} unanswered, ${rows.length} stored, ${lost.length} lost (${phases.join(", ")})`,
    );
    expect(lost).toEqual([]);
    // One statement per check-in: its rollup and its XP are there exactly when its row is.
    expect(totals).toEqual({ rollup: rows.length, xp: rows.length * 50 });
  }, 180_000);
});
