/**
 * Fixed-window counters in PostgreSQL, so a limit holds across every app
 * process. `consume` counts an attempt atomically before it runs (a burst of
 * concurrent guesses is counted at once); `refund` gives it back when the
 * attempt turned out legitimate.
 */
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "#server/db/client.ts";

export type LimitRule = { max: number; windowSeconds: number };

/**
 * Sign-in (docs/decisions/018): failures per (account, address) pair block
 * that pair; failures per account only slow every other address down to one
 * attempt per `accountPace`; an address that has signed in to the account
 * before is exempt from both the account's and the address's limit. A
 * success refunds its attempts and remembers its address for `knownAddress`.
 */
export const signInLimits = {
  perPair: { max: 10, windowSeconds: 15 * 60 },
  perAccount: { max: 10, windowSeconds: 15 * 60 },
  accountPace: { max: 1, windowSeconds: 30 },
  perIp: { max: 100, windowSeconds: 15 * 60 },
  knownAddress: { max: 1_000_000, windowSeconds: 90 * 24 * 60 * 60 },
  /** A browser that signed in to the account before (docs/decisions/062): only its own failures count. */
  perTrustedDevice: { max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

/** The key of 'this address signed in to this account before'. */
export function knownAddressKey(email: string, ip: string): string {
  return `sign-in:known:${email}:${ip}`;
}

/**
 * Recovery mail and sign-in links: every request counts. A browser trusted for
 * the account is counted on its own instead of per e-mail and per address, so
 * a stranger spending those cannot keep the person's mail from her (docs/decisions/062).
 */
export const recoveryLimits = {
  perIp: { max: 10, windowSeconds: 60 * 60 },
  perEmail: { max: 3, windowSeconds: 60 * 60 },
  perTrustedDevice: { max: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, LimitRule>;

export type LimitResult = { allowed: boolean; retryAfterSeconds: number };

export async function consume(db: Db, key: string, rule: LimitRule): Promise<LimitResult> {
  const rows = await db.execute(sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
    RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after`);
  const row = rowsOf<{ count: number; retry_after: number }>(rows)[0];
  if (Math.random() < 0.01) {
    await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 day'`);
  }
  return { allowed: (row?.count ?? 0) <= rule.max, retryAfterSeconds: Math.max(1, row?.retry_after ?? 1) };
}

export async function refund(db: Db, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET count = greatest(count - 1, 0) WHERE key = ${key}`);
}

/** True while the key's window is open (used for 'this address signed in to this account before'). */
export async function isActive(db: Db, key: string): Promise<boolean> {
  const rows = await db.execute(sql`SELECT 1 AS found FROM rate_limits WHERE key = ${key} AND reset_at > now()`);
  return rowsOf(rows).length > 0;
}

/** Opens (or extends) a long window for `key`: an address the account signed in from. */
export async function remember(db: Db, key: string, rule: LimitRule): Promise<void> {
  await db.execute(sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET count = 1, reset_at = excluded.reset_at`);
}
