/**
 * The benchmarks' company: `members` people with a daily check-in on each of
 * the `days` days before today, all with the current consent, plus signed-in
 * sessions for the HTTP benchmark. Plain SQL with generate_series, and the
 * check-ins written with the table's secondary indexes and foreign keys set
 * aside and rebuilt after (`withoutCheckInIndexes`), so 50,000 × 365 seeds in
 * minutes. The trigger on profiles keeps the membership history, as it does
 * for the product.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { addDays, localDay } from "#core/dates.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { SESSION_DAYS } from "#server/features/auth/auth.ts";
import { publishClosedDays } from "#server/features/reports/publish-closed-days.ts";
import { rebuildCompanyStats } from "#server/features/reports/rebuild-stats.ts";

export const BENCH_TIMEZONE = "America/Sao_Paulo";

export type SeededCompany = {
  companyId: string;
  today: string;
  firstDay: string;
  /** Member ids in order: `bench-<n>`. */
  memberIds: (n: number) => string;
};

/** Other companies on the same database (issue 37 goal 3): `count` companies × `members` people × `days` of check-ins. */
export type Tenants = { count: number; members: number; days: number };
/** BENCH_TENANTS (500) companies × BENCH_TENANT_MEMBERS (200) × BENCH_TENANT_DAYS (30). */
export const benchTenants = (): Tenants => ({
  count: Number(process.env.BENCH_TENANTS ?? 500),
  members: Number(process.env.BENCH_TENANT_MEMBERS ?? 200),
  days: Number(process.env.BENCH_TENANT_DAYS ?? 30),
});

export async function seedCompany(
  db: Db,
  options: { members: number; days: number; managers?: number; tenants?: Tenants },
) {
  const today = localDay(new Date(), BENCH_TIMEZONE);
  const first = addDays(today, -options.days);
  const [company] = rowsOf<{ id: string }>(
    await db.execute(
      sql`INSERT INTO companies (name, plan, timezone, created_at)
          VALUES ('Bench', 'enterprise', ${BENCH_TIMEZONE}, ${first}::date - 1) RETURNING id`,
    ),
  );
  const companyId = company?.id as string;
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified)
    SELECT 'bench-' || g, 'Pessoa ' || g, 'pessoa' || g || '@bench.test', true FROM generate_series(1, ${options.members}) g`);
  await db.execute(sql`
    INSERT INTO profiles (user_id, name, email, company_id, created_at, wellbeing_consent_at, wellbeing_consent_version)
    SELECT 'bench-' || g, 'Pessoa ' || g, 'pessoa' || g || '@bench.test', ${companyId}::uuid, ${first}::date - 1,
           now(), ${WELLBEING_CONSENT_VERSION}
    FROM generate_series(1, ${options.members}) g`);
  if (options.tenants) await addTenantPeople(db, options.tenants, first);
  await withoutCheckInIndexes(db, async (tx) => {
    await tx.execute(sql`
      INSERT INTO user_progress (user_id, company_id, mood, day, completed_at, xp_earned)
      SELECT 'bench-' || u, ${companyId}::uuid, 1 + ((u * 7 + d) % 5), ${first}::date + d, (${first}::date + d) + time '09:00', 50
      FROM generate_series(0, ${options.days - 1}) d, generate_series(1, ${options.members}) u`);
    if (options.tenants) await addTenantCheckIns(tx, options.tenants, today);
  });
  const managers = options.managers ?? 0;
  if (managers > 0) {
    await db.execute(sql`
      INSERT INTO "user" (id, name, email, email_verified)
      SELECT 'bench-manager-' || g, 'Gestora ' || g, 'gestora' || g || '@bench.test', true FROM generate_series(1, ${managers}) g`);
    await db.execute(sql`
      INSERT INTO profiles (user_id, name, email, company_id, role, created_at)
      SELECT 'bench-manager-' || g, 'Gestora ' || g, 'gestora' || g || '@bench.test', ${companyId}::uuid, 'manager', ${first}::date - 1
      FROM generate_series(1, ${managers}) g`);
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await rebuildCompanyStats(tx as unknown as Db, companyId);
    if (options.tenants) await addTenantStats(tx as unknown as Db, companyId);
  });
  await db.execute(sql`ANALYZE`);
  return { companyId, today, firstDay: first };
}

/** The tenants' companies ('Empresa 1'…) and people (`tenant-<c>-<m>`), created the day before `first`. */
export async function addTenantPeople(db: Db, tenants: Tenants, first: string) {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.execute(sql`
      INSERT INTO companies (name, plan, timezone, created_at)
      SELECT 'Empresa ' || c, 'prime', ${BENCH_TIMEZONE}, ${first}::date - 1 FROM generate_series(1, ${tenants.count}) c`);
    await tx.execute(sql`
      CREATE TEMP TABLE tenant ON COMMIT DROP AS
      SELECT id, row_number() OVER (ORDER BY id) AS c FROM companies WHERE name LIKE 'Empresa %'`);
    await tx.execute(sql`
      INSERT INTO "user" (id, name, email, email_verified)
      SELECT 'tenant-' || t.c || '-' || m, 'Pessoa ' || m, 'p' || m || '@empresa' || t.c || '.test', true
      FROM tenant t, generate_series(1, ${tenants.members}) m`);
    await tx.execute(sql`
      INSERT INTO profiles (user_id, name, email, company_id, created_at)
      SELECT 'tenant-' || t.c || '-' || m, 'Pessoa ' || m, 'p' || m || '@empresa' || t.c || '.test', t.id, ${first}::date - 1
      FROM tenant t, generate_series(1, ${tenants.members}) m`);
  });
}

/** The tenants' check-ins on their last `days` days before today; run inside `withoutCheckInIndexes`. */
export async function addTenantCheckIns(tx: Db, tenants: Tenants, today: string) {
  await tx.execute(sql`
    INSERT INTO user_progress (user_id, company_id, mood, day, completed_at, xp_earned)
    SELECT p.user_id, p.company_id, 1 + ((abs(hashtext(p.user_id)) + d) % 5), ${addDays(today, -tenants.days)}::date + d,
           (${addDays(today, -tenants.days)}::date + d) + time '09:00', 50
    FROM generate_series(0, ${tenants.days - 1}) d, profiles p WHERE p.user_id LIKE 'tenant-%'`);
}

/** The tenants' daily counts, as the check-ins' own statement would have left them (one shard). */
export async function addTenantStats(tx: Db, exceptCompanyId: string) {
  await tx.execute(sql`
    INSERT INTO company_daily_stats (company_id, day, shard, check_ins, exercises)
    SELECT company_id, day, 0, count(*), 0 FROM user_progress WHERE company_id <> ${exceptCompanyId} GROUP BY company_id, day`);
}

/**
 * Writes check-ins in bulk the way PostgreSQL loads fast: in one transaction, the
 * secondary indexes and foreign keys of user_progress are dropped, `write` runs,
 * and they are created again from their own definitions (one sort each instead
 * of millions of random index inserts). Millions of rows: past the product's
 * statement timeout (docs/decisions/018), on purpose here.
 */
export async function withoutCheckInIndexes(db: Db, write: (tx: Db) => Promise<unknown>): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '1GB'`);
    const indexes = rowsOf<{ name: string; definition: string }>(
      await tx.execute(sql`
        SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
        WHERE i.tablename = 'user_progress' AND i.schemaname = 'public'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`),
    );
    const keys = rowsOf<{ name: string; definition: string }>(
      await tx.execute(sql`
        SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conrelid = 'user_progress'::regclass AND contype = 'f'`),
    );
    for (const key of keys) await tx.execute(sql.raw(`ALTER TABLE user_progress DROP CONSTRAINT "${key.name}"`));
    for (const index of indexes) await tx.execute(sql.raw(`DROP INDEX "${index.name}"`));
    await write(tx);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    for (const key of keys)
      await tx.execute(sql.raw(`ALTER TABLE user_progress ADD CONSTRAINT "${key.name}" ${key.definition}`));
  });
}

/** The publishing job run until every closed day of every company is published, as the product's runner would. */
export async function publishEverything(db: Db, privacyKey: Buffer, minGroup = 5): Promise<void> {
  while (!(await publishClosedDays(db, privacyKey, new Date(), minGroup)).isDone);
}

/** One bearer session per user id (better-auth's session table), as fresh as a sign-in leaves it (SESSION_DAYS). */
export async function signInAll(db: Db, userIds: string[]): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(24).toString("base64url"));
  const chunk = 5_000;
  for (let start = 0; start < userIds.length; start += chunk) {
    const ids = userIds.slice(start, start + chunk);
    const slice = tokens.slice(start, start + chunk);
    await db.execute(sql`
      INSERT INTO session (id, token, user_id, expires_at)
      SELECT 'bench-session-' || t.token, t.token, t.user_id, now() + make_interval(days => ${SESSION_DAYS})
      FROM unnest(${sql.raw(`ARRAY[${slice.map((token) => `'${token}'`).join(",")}]`)}::text[],
                  ${sql.raw(`ARRAY[${ids.map((id) => `'${id}'`).join(",")}]`)}::text[]) AS t(token, user_id)`);
  }
  return tokens;
}

/** Undo a round of check-ins for today, so the next round writes the same rows again. */
export async function clearToday(db: Db, companyId: string, today: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 500)); // let the last requests of the round finish
  await db.execute(sql`DELETE FROM user_progress WHERE company_id = ${companyId}::uuid AND day = ${today}::date`);
  await db.execute(sql`DELETE FROM company_daily_stats WHERE company_id = ${companyId}::uuid AND day = ${today}::date`);
}
