/**
 * The job that publishes closed days (docs/decisions/014, issue 37): no reader
 * ever publishes, so this is the only writer of `published_daily_buckets` and
 * of the closed months small companies see. It works in bounded pieces: one
 * piece is one company's newest run of unpublished days, as many as keep the
 * check-ins it reads near ROWS_PER_PIECE (one day of a 50,000-member company,
 * a month of a 200-member one), published in one insert. Companies take turns
 * piece by piece, newest days first, so every company's recent days come before
 * anyone's old history. A run stops after its time budget and the job enqueues
 * its own continuation; what is published is the only state, so a run that
 * dies (its lease runs out) is resumed by the next one from what is missing.
 * Each run looks back to the company's first day: a whole history is caught up
 * over successive runs.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { addDays, type IsoDay } from "#core/dates.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";
import { companyFirstDay, companyToday } from "./company-stats.ts";
import { releaseClosedMonths } from "./monthly-mood.ts";
import { publishDays } from "./publish-days.ts";

export const PUBLISH_JOB = "publish-closed-days";
/** About how many check-ins one piece reads: a few hundred ms of work, far from the statement timeout. */
const ROWS_PER_PIECE = 50_000;
const MAX_PIECE_DAYS = 31;
/** A run stops starting pieces after this long and leaves the rest to its continuation. */
const BUDGET_MS = 10_000;

type Company = typeof companies.$inferSelect;

export type PublishOptions = {
  /** Only this company (a reader found its days missing), else every company in turn. */
  companyId?: string;
  /**
   * Also look for closed months never released, whatever is published (days published before the job
   * released months, or a run that died in between): the job's first run of a slot, not its continuations.
   */
  sweepMonths?: boolean;
  budgetMs?: number;
  rowsPerPiece?: number;
  /** A pause after each piece: the fault drill's DRILL_PUBLISH_PAUSE_MS only (docs/decisions/099). */
  piecePauseMs?: number;
};

/** How many days one piece of a company publishes: about `rows` check-ins, at least one day. */
function pieceDays(members: number, rows = ROWS_PER_PIECE): number {
  return Math.max(1, Math.min(MAX_PIECE_DAYS, Math.floor(rows / Math.max(1, members))));
}

/** The company's newest run of consecutive unpublished closed days, at most `limit`, newest first. */
async function nextPiece(db: Db, companyId: string, first: IsoDay, last: IsoDay, limit: number): Promise<IsoDay[]> {
  const rows = rowsOf<{ day: string }>(
    await db.execute(sql`
      SELECT d::date::text AS day FROM generate_series(${last}::date, ${first}::date, interval '-1 day') AS d
      WHERE NOT EXISTS (SELECT 1 FROM published_daily_buckets b WHERE b.company_id = ${companyId} AND b.day = d::date)
      LIMIT ${limit}`),
  );
  const piece: IsoDay[] = [];
  for (const { day } of rows) {
    const previous = piece[piece.length - 1];
    // Consecutive only: a piece reads every check-in between its first and last day.
    if (previous && addDays(day, 1) !== previous) break;
    piece.push(day);
  }
  return piece;
}

/**
 * One run of the job: publishes closed days piece by piece until none is
 * missing or the budget is spent. `isDone` is false when work may remain.
 */
export async function publishClosedDays(
  db: Db,
  privacyKey: Buffer,
  now: Date,
  minGroup: number,
  options: PublishOptions = {},
): Promise<{ companies: number; days: number; months: number; isDone: boolean }> {
  const started = performance.now();
  const budget = options.budgetMs ?? BUDGET_MS;
  const all = options.companyId
    ? await db.select().from(companies).where(sql`${companies.id} = ${options.companyId}`)
    : await db.select().from(companies);
  const counts = { companies: all.length, days: 0, months: 0 };
  const range = (company: Company) => ({
    first: companyFirstDay(company),
    last: addDays(companyToday(company, now), -1),
  });
  if (options.sweepMonths) {
    for (const company of all) {
      const { first, last } = range(company);
      if (first > last) continue;
      counts.months += await releaseClosedMonths(db, privacyKey, company, companyToday(company, now), first, minGroup);
    }
  }
  let turn = all;
  while (turn.length > 0) {
    const next: Company[] = [];
    for (const company of turn) {
      const { first, last } = range(company);
      if (first > last) continue;
      const piece = await nextPiece(db, company.id, first, last, pieceDays(company.memberCount, options.rowsPerPiece));
      if (piece.length === 0) continue;
      // A closed month is released before its last day is published, so a month whose last day is
      // published has been released (a report reads that as 'ready', company-stats.ts).
      const ending = piece.filter((day) => addDays(day, 1).endsWith("-01")).map((day) => day.slice(0, 7));
      if (ending.length > 0) {
        const today = companyToday(company, now);
        counts.months += await releaseClosedMonths(db, privacyKey, company, today, first, minGroup, ending);
      }
      counts.days += await publishDays(db, privacyKey, company, piece, minGroup);
      next.push(company);
      if (options.piecePauseMs) await new Promise((resolve) => setTimeout(resolve, options.piecePauseMs));
      if (performance.now() - started > budget) return { ...counts, isDone: false };
    }
    turn = next;
  }
  return { ...counts, isDone: true };
}
