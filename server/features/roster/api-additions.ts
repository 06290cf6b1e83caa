/**
 * The HR API's daily cap on new people (issue 51 item 4, docs/decisions/057).
 * A key adds accounts without a person in the loop, and every account counts
 * toward k once it is a member: past the cap, additions wait (409) until the
 * platform admin allows more, an audited action. The upload screen is a
 * person's, audited per file, and is not capped here.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { rosterApiMessages } from "#core/roster-api-messages.ts";
import type { Db } from "#server/db/client.ts";
import { rosterApiAdditions, rosterPeople } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";

const ADDITIONS_WINDOW_MS = 24 * 60 * 60 * 1000;
/** 10 % of the company's current people a day, at least 25: a month's hiring of a mid-size company. */
const ADDITIONS_SHARE = 0.1;
const ADDITIONS_FLOOR = 25;

/**
 * Runs `work` in one transaction holding the company's additions lock, so a
 * cap check and the write it allows are one step: on PostgreSQL two HR calls
 * at the cap's last place wait for each other (READ COMMITTED: the second
 * reads the first's committed additions after the lock), on PGlite the
 * transaction is exclusive anyway (docs/decisions/085).
 */
export function withAdditionsLock<T>(db: Db, companyId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`roster_api_additions:${companyId}`}))`);
    return work(tx);
  });
}

/** The cap over the last 24 hours, what keys added and what the admin allowed in them. */
export async function additionsToday(db: Db, companyId: string, now: Date) {
  const since = new Date(now.getTime() - ADDITIONS_WINDOW_MS);
  const [[sums], [people]] = await Promise.all([
    db
      .select({
        added: sql<number>`coalesce(sum(${rosterApiAdditions.people}) filter (where ${rosterApiAdditions.kind} = 'added'), 0)::int`,
        allowed: sql<number>`coalesce(sum(${rosterApiAdditions.people}) filter (where ${rosterApiAdditions.kind} = 'allowed'), 0)::int`,
      })
      .from(rosterApiAdditions)
      .where(and(eq(rosterApiAdditions.companyId, companyId), gt(rosterApiAdditions.createdAt, since))),
    db
      .select({ active: sql<number>`count(*) filter (where ${rosterPeople.leftAt} is null)::int` })
      .from(rosterPeople)
      .where(eq(rosterPeople.companyId, companyId)),
  ]);
  const cap = Math.max(ADDITIONS_FLOOR, Math.ceil((people?.active ?? 0) * ADDITIONS_SHARE));
  const added = sums?.added ?? 0;
  const allowed = sums?.allowed ?? 0;
  return { cap, added, allowed, left: Math.max(0, cap + allowed - added) };
}

/** Refuses (409, pt-BR, the numbers) a call that would add `people` past the day's cap. */
export async function checkAdditions(db: Db, companyId: string, people: number, now: Date) {
  if (people === 0) return;
  const today = await additionsToday(db, companyId, now);
  if (people > today.left) throw new AppError("CONFLICT", rosterApiMessages.additionsCapped({ ...today, people }));
}

export async function recordAdditions(
  db: Db,
  { companyId, apiKeyId, people, now }: { companyId: string; apiKeyId: string; people: number; now: Date },
) {
  if (people === 0) return;
  await db.insert(rosterApiAdditions).values({ companyId, kind: "added", people, apiKeyId, createdAt: now });
}
