/**
 * The day's check-in in ONE statement (the hottest write of the product):
 * the insert, then, only if it happened, the company's daily rollup and the
 * XP. The unique (user_id, day) index makes a double submit a no-op, never a
 * second award. The XP is +50 plus the streak bonus, decided in the same
 * statement from the days before (docs/decisions/023), never from the mood.
 * It also reads the check-ins the support card's rule needs, so the route
 * makes no second query. Check-ins that arrive together share the statement,
 * one row each (docs/decisions/021). Used by the route and by the benchmark,
 * so both measure the same.
 */
import { sql } from "drizzle-orm";
import type { IsoDay } from "#core/dates.ts";
import { CHECK_IN_XP } from "#core/exercises.ts";
import { type Db, executePrepared, rowsOf } from "#server/db/client.ts";
import { writerShard } from "#server/db/schema/index.ts";
import { batchPerDatabase, statementBatch } from "#server/db/statement-batch.ts";
import { type RememberedCaller, recheckColumnsSql } from "#server/features/auth/index.ts";
import { checkInsOf, type EarlierCheckIn } from "./daily-loop.ts";
import { previousStreakDaysSql, recentCheckInsSql, streakBonusSql } from "./streak-sql.ts";

export type NewCheckIn = {
  userId: string;
  companyId: string | null;
  mood: number;
  /** Optional (docs/decisions/023). */
  energy?: number | null;
  stress?: number | null;
  notes: string | null;
  at: Date;
  day: IsoDay;
};

export type InsertedCheckIn = {
  id: string;
  day: IsoDay;
  mood: number;
  energy: number | null;
  stress: number | null;
  notes: string | null;
  completedAt: Date;
  xpEarned: number;
  /** Consecutive days before this one (the streak bonus follows from it). */
  previousStreakDays: number;
  /** The person's check-ins of the days just before this one, newest first, for the support card's rule (daily-loop.ts). */
  earlier: EarlierCheckIn[];
  /** The profile after the award (null if the person has no profile). */
  xp: number | null;
  engagementPoints: number | null;
};

type Asked = { input: NewCheckIn; caller: RememberedCaller | null };
/** Undefined when the remembered caller no longer holds: nothing was written. */
type Answer = InsertedCheckIn | null | undefined;

/** Null when the person already checked in that day. */
export async function insertCheckInOnce(db: Db, input: NewCheckIn): Promise<InsertedCheckIn | null> {
  return (await batchOf(db).ask({ input, caller: null })) ?? null;
}

/**
 * As insertCheckInOnce, for asCaller (server/features/auth/access.ts): with
 * a remembered caller, nothing is written unless they still hold inside the
 * statement (recheckColumnsSql), and the answer is then undefined.
 */
export function insertCheckInAs(db: Db, input: NewCheckIn, caller: RememberedCaller | null): Promise<Answer> {
  return batchOf(db).ask({ input, caller });
}

// Check-ins that arrive together share one statement (server/db/statement-batch.ts); two batches
// at a time, so one runs while the other waits for its commit to reach the disk.
const batchOf = batchPerDatabase((db: Db) => statementBatch<Asked, Answer>((batch) => answerAll(db, batch), 2));

/**
 * One statement for the batch, one row per person in it: a second check-in
 * of the same person (two tabs, an offline day sent with today's) waits for
 * the first, so its streak and the one-a-day rule see it.
 */
async function answerAll(db: Db, batch: Asked[]): Promise<Array<Answer | Promise<Answer>>> {
  const people = new Set<string>();
  const together: number[] = [];
  const after: number[] = [];
  for (const [n, { input }] of batch.entries()) {
    (people.has(input.userId) ? after : together).push(n);
    people.add(input.userId);
  }
  const answers: Array<Answer | Promise<Answer>> = [];
  const first = await answerTogether(
    db,
    together.map((n) => batch[n] as Asked),
  );
  for (const [i, n] of together.entries()) answers[n] = first[i] as Answer | Promise<Answer>;
  if (after.length > 0) {
    await Promise.allSettled(first);
    const rest = await answerAll(
      db,
      after.map((n) => batch[n] as Asked),
    );
    for (const [i, n] of after.entries()) answers[n] = rest[i] as Answer | Promise<Answer>;
  }
  return answers;
}

/**
 * A statement fails whole (a deadlock with another process, a person removed
 * meanwhile): then each check-in of the batch runs on its own, so one cannot
 * fail the others.
 */
async function answerTogether(db: Db, batch: Asked[]): Promise<Array<Answer | Promise<Answer>>> {
  try {
    return await insertAll(db, batch);
  } catch (error) {
    if (batch.length === 1) return [Promise.reject(error)];
    return batch.map((asked) => insertAll(db, [asked]).then(([answer]) => answer as Answer));
  }
}

async function insertAll(db: Db, batch: Asked[]): Promise<Answer[]> {
  const byRow = new Map(rowsOf<Row>(await executePrepared(db, checkInsStatement(batch))).map((row) => [row.n, row]));
  return batch.map((_, n) => {
    const row = byRow.get(n);
    return row?.caller_holds === false ? undefined : insertedOf(row);
  });
}

/** Fixed text whatever the batch's size (its rows are one JSON parameter), prepared once per connection. */
function checkInsStatement(batch: Asked[]) {
  const rows = batch.map(({ input, caller }, n) => ({
    n,
    user_id: input.userId,
    company_id: input.companyId,
    mood: input.mood,
    energy: input.energy ?? null,
    stress: input.stress ?? null,
    notes: input.notes,
    at: input.at.toISOString(),
    day: input.day,
    token: caller?.token ?? null,
    role: caller?.viewer.role ?? null,
    timezone: caller?.viewer.timezone ?? null,
    consent: caller?.viewer.wellbeingConsent?.version ?? null,
  }));
  const asked = (column: string) => sql.raw(`asked.${column}`);
  return sql`
    WITH asked AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS asked(n int, user_id text, company_id uuid,
        mood smallint, energy smallint, stress smallint, notes text, at timestamptz, day date, token text, role text,
        timezone text, consent text)
    ), streak AS (
      SELECT asked.*, ${previousStreakDaysSql(sql`recent.days`, asked("day"))} AS previous_days,
        recent.days::text[] AS days, recent.moods,
        (asked.token IS NULL OR ${recheckColumnsSql({
          token: asked("token"),
          userId: asked("user_id"),
          role: asked("role"),
          companyId: asked("company_id"),
          timezone: asked("timezone"),
          consentVersion: asked("consent"),
        })}) AS caller_holds
      FROM asked CROSS JOIN LATERAL ${recentCheckInsSql(asked("user_id"), asked("day"))} recent
    ), inserted AS (
      INSERT INTO user_progress (user_id, company_id, mood, energy, stress, notes, completed_at, day, xp_earned)
      SELECT user_id, company_id, mood, energy, stress, notes, at, day, ${CHECK_IN_XP} + ${streakBonusSql(sql`previous_days`)}
      FROM streak WHERE caller_holds
      ON CONFLICT (user_id, day) WHERE exercise_id IS NULL DO NOTHING
      RETURNING id, user_id, company_id, day, mood, energy, stress, notes, completed_at, xp_earned
    ), rolled_up AS (
      INSERT INTO company_daily_stats (company_id, day, shard, check_ins)
      SELECT company_id, day, ${writerShard}, count(*)::int FROM inserted WHERE company_id IS NOT NULL
      GROUP BY company_id, day
      ON CONFLICT (company_id, day, shard) DO UPDATE SET check_ins = company_daily_stats.check_ins + excluded.check_ins
    ), awarded AS (
      -- Points are one per XP (core/points.ts, docs/decisions/006), so both grow by the row's XP.
      UPDATE profiles SET xp = xp + inserted.xp_earned, engagement_points = engagement_points + inserted.xp_earned,
        last_check_in_day = greatest(last_check_in_day, inserted.day), updated_at = now()
      FROM inserted WHERE profiles.user_id = inserted.user_id
      RETURNING profiles.user_id, profiles.xp, profiles.engagement_points
    )
    -- One row per check-in asked: the caller's check, and the check-in when one was written.
    SELECT streak.n, streak.caller_holds, streak.previous_days, streak.days, streak.moods,
      inserted.id, inserted.day, inserted.mood, inserted.energy, inserted.stress, inserted.notes, inserted.completed_at,
      inserted.xp_earned, awarded.xp, awarded.engagement_points
    FROM streak LEFT JOIN inserted ON inserted.user_id = streak.user_id
      LEFT JOIN awarded ON awarded.user_id = streak.user_id`;
}

type Row = {
  n: number;
  caller_holds: boolean;
  id: string | null;
  day: string;
  mood: number;
  energy: number | null;
  stress: number | null;
  notes: string | null;
  completed_at: string | Date;
  xp_earned: number;
  xp: number | null;
  engagement_points: number | null;
  previous_days: number;
  days: string[];
  moods: number[];
};

function insertedOf(row: Row | undefined): InsertedCheckIn | null {
  if (!row?.id) return null;
  return {
    id: row.id,
    day: String(row.day).slice(0, 10),
    mood: row.mood,
    energy: row.energy,
    stress: row.stress,
    notes: row.notes,
    completedAt: new Date(row.completed_at),
    xpEarned: row.xp_earned,
    previousStreakDays: Number(row.previous_days),
    earlier: checkInsOf(row),
    xp: row.xp,
    engagementPoints: row.engagement_points,
  };
}
