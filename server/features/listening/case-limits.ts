/**
 * How many Canal de escuta cases may be opened (docs/decisions/063): per person, counted in this
 * process's memory only, so no row anywhere ties a person to the moment of a case (a counter in
 * `rate_limits` keyed by her account or address, written next to the case, would); per company, in
 * the database, in windows of whole clock hours, so its row says the hour and the count, never a
 * person or a minute. Over either: 429 with Retry-After, before anything is stored.
 */
import { sql } from "drizzle-orm";
import { listeningMessages as m } from "#core/listening-messages.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";

type CaseLimits = { perPerson: number; perCompany: number };
const WINDOW_SECONDS = 60 * 60;
/** Bounded: past this many people in a window, the expired entries go first, then the oldest. */
const MAX_PEOPLE = 20_000;

const counted = new WeakMap<Db, Map<string, { count: number; resetAt: number }>>();

function refuse(retryAfterSeconds: number): never {
  throw new AppError("TOO_MANY_REQUESTS", m.tooManyCases, { retryAfterSeconds: Math.max(1, retryAfterSeconds) });
}

/** Counts a case against its author's and its company's limits (per hour), or refuses it. */
export async function takeCaseSlot(
  db: Db,
  limits: CaseLimits,
  author: { userId: string; companyId: string },
  nowMs = Date.now(),
): Promise<void> {
  const { userId, companyId } = author;
  let perPerson = counted.get(db);
  if (!perPerson) {
    perPerson = new Map();
    counted.set(db, perPerson);
  }
  const entry = perPerson.get(userId);
  const current = entry && entry.resetAt > nowMs ? entry : { count: 0, resetAt: nowMs + WINDOW_SECONDS * 1000 };
  if (current.count >= limits.perPerson) refuse(Math.ceil((current.resetAt - nowMs) / 1000));
  const rows = await db.execute(sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${`escuta:casos:empresa:${companyId}`}, 1,
      to_timestamp((floor(extract(epoch FROM now()) / ${WINDOW_SECONDS}) + 1) * ${WINDOW_SECONDS}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
    RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after`);
  const company = rowsOf<{ count: number; retry_after: number }>(rows)[0];
  if ((company?.count ?? 0) > limits.perCompany) refuse(company?.retry_after ?? 1);
  current.count += 1;
  perPerson.delete(userId);
  perPerson.set(userId, current);
  if (perPerson.size > MAX_PEOPLE) {
    for (const [key, value] of perPerson) if (value.resetAt <= nowMs) perPerson.delete(key);
    if (perPerson.size > MAX_PEOPLE) perPerson.delete(perPerson.keys().next().value as string);
  }
}
