/**
 * The one job runner (docs/decisions/016): due rows of `jobs` are claimed with
 * FOR UPDATE SKIP LOCKED and a lease, so any number of app processes on one
 * database run each job once; a failure is retried with exponential backoff
 * up to max_attempts, then marked failed; a lease that runs out (the process
 * died) lets another runner take the job again. Handlers must be idempotent.
 * Daily jobs enqueue their next occurrence, keyed by the day. Add a job to
 * its feature's <name>.jobs.ts (listed in app.ts), not here: this file imports
 * no feature, so features can enqueue without an import cycle.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { addDays, type IsoDay, localDay } from "#core/dates.ts";
import { zonedInstant } from "#core/zoned-time.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { jobs } from "#server/db/schema/index.ts";
import { loggableError } from "#server/logger.ts";

export type JobRow = {
  id: string;
  name: string;
  key: string;
  payload: Record<string, unknown> | null;
  attempts: number;
  max_attempts: number;
};

export type JobContext = { db: Db; now: Date; job: JobRow };

export type JobDefinition = {
  name: string;
  /** What /admin calls it, in pt-BR. */
  label?: string;
  run: (context: JobContext) => Promise<unknown>;
  /** A daily job runs once per day of `timeZone`, at `hour` local time. */
  daily?: { hour: number; timeZone: string };
  /** A recurring job runs once per slot of `minutes` (keyed by the slot's start), e.g. the reminder sweep. */
  every?: { minutes: number };
  /** Admins may run it now from /admin (docs/decisions/019): only jobs that need no payload. */
  canRunNow?: boolean;
  /**
   * Its runs are enqueued by one person's private act (a booking's reminders, a pause after no-shows): /admin
   * shows its failures only, never when it ran, when it runs next or how many wait, which would move at the
   * booking (issue 32).
   */
  followsPeople?: boolean;
};

/**
 * How long a claimed job stays with its runner before another may take it. The runner renews it every
 * third of that while the job runs, so a long publishing run keeps its job and a process killed mid-job
 * lets another take it within a minute (docs/decisions/073).
 */
export const LEASE_MS = 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 60 * 60_000;

/** 30 s, 1 min, 2 min… after the 1st, 2nd, 3rd failure, at most 6 h. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

type NewJob = { name: string; key: string; runAt: Date; payload?: Record<string, unknown>; maxAttempts?: number };

/** Enqueues a job; a second call with the same (name, key) changes nothing. True when it was new. */
export async function enqueueJob(db: Db, job: NewJob): Promise<boolean> {
  return (await enqueueJobs(db, [job])) > 0;
}

/** Several jobs, a statement per 1,000, each a no-op if its (name, key) exists: how many were new. */
export async function enqueueJobs(db: Db, list: NewJob[]): Promise<number> {
  let added = 0;
  for (let first = 0; first < list.length; first += 1000) {
    const batch = list.slice(first, first + 1000);
    added += (await db.insert(jobs).values(batch).onConflictDoNothing().returning({ id: jobs.id })).length;
  }
  return added;
}

function dailyOccurrence(definition: JobDefinition, day: IsoDay) {
  const daily = definition.daily as NonNullable<JobDefinition["daily"]>;
  return { name: definition.name, key: day, runAt: zonedInstant(day, daily.hour, daily.timeZone) };
}

function recurringOccurrence(definition: JobDefinition, at: Date) {
  const slotMs = (definition.every as NonNullable<JobDefinition["every"]>).minutes * 60_000;
  const start = new Date(Math.floor(at.getTime() / slotMs) * slotMs);
  return { name: definition.name, key: start.toISOString(), runAt: start };
}

/**
 * Makes sure each daily job has today's occurrence and each recurring job the
 * current slot's (a no-op when it exists, even if it already ran).
 */
export async function scheduleDailyJobs(db: Db, definitions: JobDefinition[], now: Date): Promise<void> {
  for (const definition of definitions) {
    if (definition.daily) await enqueueJob(db, dailyOccurrence(definition, localDay(now, definition.daily.timeZone)));
    if (definition.every) await enqueueJob(db, recurringOccurrence(definition, now));
  }
}

/**
 * How code that enqueues a job due now gets it run at once instead of at the
 * runner's next poll (up to 30 s later): it rings after its transaction has
 * committed, and this process's runner, listening, runs what is due. Other
 * processes still find the job at their next poll.
 */
export type JobBell = { ring(): void; listen(onRing: () => void): void };

export function createJobBell(): JobBell {
  const listeners: Array<() => void> = [];
  return {
    ring: () => {
      for (const onRing of listeners) onRing();
    },
    listen: (onRing) => void listeners.push(onRing),
  };
}

/** An admin's 'Executar agora': a one-off occurrence due now; it does not move the schedule. */
export async function enqueueRunNow(db: Db, name: string, now: Date): Promise<void> {
  await enqueueJob(db, { name, key: `manual:${now.toISOString()}`, runAt: now, payload: { manual: true } });
}

/**
 * Takes one due job (or one whose lease ran out) for `workerId`, counting the
 * attempt. Only jobs this process knows: during a rolling deploy an older
 * process leaves a newer job type to the processes that can run it.
 */
async function claimJob(db: Db, workerId: string, now: Date, names: string[]): Promise<JobRow | null> {
  if (names.length === 0) return null;
  const at = now.toISOString();
  const result = await db.execute(sql`
    UPDATE jobs SET locked_by = ${workerId}, locked_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz,
      attempts = attempts + 1
    WHERE id = (
      SELECT id FROM jobs
      WHERE finished_at IS NULL AND failed_at IS NULL AND run_at <= ${at}::timestamptz
        AND name IN (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})
        AND (locked_until IS NULL OR locked_until <= ${at}::timestamptz)
      ORDER BY run_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING id, name, key, payload, attempts, max_attempts`);
  return rowsOf<JobRow>(result)[0] ?? null;
}

async function finishJob(db: Db, job: JobRow, workerId: string, now: Date): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE jobs SET finished_at = ${now.toISOString()}::timestamptz, locked_by = NULL, locked_until = NULL, last_error = NULL
    WHERE id = ${job.id} AND locked_by = ${workerId} AND finished_at IS NULL
    RETURNING id`);
  return rowsOf(result).length > 0;
}

async function failJob(db: Db, job: JobRow, workerId: string, now: Date, message: string): Promise<void> {
  const isLast = job.attempts >= job.max_attempts;
  const retryAt = new Date(now.getTime() + backoffMs(job.attempts)).toISOString();
  await db.execute(sql`
    UPDATE jobs SET locked_by = NULL, locked_until = NULL, last_error = ${message.slice(0, 1000)},
      failed_at = ${isLast ? now.toISOString() : null}::timestamptz,
      run_at = CASE WHEN ${isLast}::boolean THEN run_at ELSE ${retryAt}::timestamptz END
    WHERE id = ${job.id} AND locked_by = ${workerId}`);
}

/** Runs `work`, pushing the job's lease LEASE_MS past the clock every `everyMs` (a third of it) until `work` ends. */
async function whileRenewingLease<T>(
  db: Db,
  job: JobRow,
  workerId: string,
  work: () => Promise<T>,
  everyMs = LEASE_MS / 3,
): Promise<T> {
  const renew = setInterval(() => {
    db.execute(sql`
      UPDATE jobs SET locked_until = greatest(locked_until, ${new Date(Date.now() + LEASE_MS).toISOString()}::timestamptz)
      WHERE id = ${job.id} AND locked_by = ${workerId} AND finished_at IS NULL`).catch(() => {
      // The database is away: the lease runs out and another runner may take the job, as if we had died.
    });
  }, everyMs);
  renew.unref();
  try {
    return await work();
  } finally {
    clearInterval(renew);
  }
}

export type RunnerDeps = {
  db: Db;
  definitions: JobDefinition[];
  now?: Date;
  workerId?: string;
  log?: FastifyBaseLogger;
  /** At most this many jobs per call, so one call cannot run forever. */
  limit?: number;
  /** How often a running job's lease is renewed (a third of LEASE_MS; tests shorten it). */
  leaseRenewMs?: number;
};

/** Runs every job due at `now`, one after another; returns how many ran (finished or failed). */
export async function runDueJobs(deps: RunnerDeps): Promise<{ finished: number; failed: number }> {
  const { db, definitions, log } = deps;
  const now = deps.now ?? new Date();
  const workerId = deps.workerId ?? randomUUID();
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const counts = { finished: 0, failed: 0 };
  for (let i = 0; i < (deps.limit ?? 50); i++) {
    const job = await claimJob(db, workerId, now, [...byName.keys()]);
    if (!job) break;
    const definition = byName.get(job.name) as JobDefinition; // claimed by name: known
    try {
      if (job.attempts > job.max_attempts) throw new Error("lease expired on the last attempt");
      const result = await whileRenewingLease(
        db,
        job,
        workerId,
        () => definition.run({ db, now, job }),
        deps.leaseRenewMs,
      );
      if (!(await finishJob(db, job, workerId, now))) continue; // our lease ran out and another runner took it
      const isManual = job.payload?.manual === true;
      if (definition.every && !isManual) {
        await enqueueJob(
          db,
          recurringOccurrence(definition, new Date(now.getTime() + definition.every.minutes * 60_000)),
        );
      }
      if (definition.daily && !isManual) {
        // After downtime the next occurrence is tomorrow, not every missed day in turn.
        const today = localDay(now, definition.daily.timeZone);
        await enqueueJob(db, dailyOccurrence(definition, addDays([job.key, today].sort()[1] ?? today, 1)));
      }
      counts.finished += 1;
      // The minute sweeps would fill the log at info level: recurring runs log at debug.
      (definition.every ? log?.debug : log?.info)?.call(log, { job: job.name, key: job.key, result }, "job finished");
    } catch (error) {
      // The message only: an error's SQL parameters or row values must not reach the table or the log.
      const safe = loggableError(error);
      await failJob(db, job, workerId, now, `${safe.type}: ${safe.message}`);
      counts.failed += 1;
      log?.error({ job: job.name, key: job.key, attempt: job.attempts, err: safe }, "job failed");
    }
  }
  return counts;
}

/**
 * The polling loop of an app process: schedules today's daily jobs and runs
 * what is due `firstTickMs` after start (main.ts waits a second, so the first
 * requests of a fresh process meet an idle database: docs/decisions/021),
 * then every `intervalMs`, and at once when `bell` rings. `stop()` waits
 * for the job in progress (main.ts calls it before closing the database).
 */
export function startJobRunner(
  deps: Omit<RunnerDeps, "now"> & { intervalMs?: number; firstTickMs?: number; now?: () => Date; bell?: JobBell },
) {
  const workerId = deps.workerId ?? randomUUID();
  const clock = deps.now ?? (() => new Date());
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  // A burst of rings while a tick waits to start adds no further tick.
  let isTickQueued = false;
  const tick = () => {
    if (stopped || isTickQueued) return;
    isTickQueued = true;
    running = running
      .then(async () => {
        isTickQueued = false;
        if (stopped) return;
        await scheduleDailyJobs(deps.db, deps.definitions, clock());
        await runDueJobs({ ...deps, workerId, now: clock() });
      })
      .catch((error) => deps.log?.error({ err: loggableError(error) }, "job runner tick failed"));
  };
  const first = deps.firstTickMs ? setTimeout(tick, deps.firstTickMs) : undefined;
  first?.unref();
  if (!first) tick();
  const timer = setInterval(tick, deps.intervalMs ?? 30_000);
  timer.unref();
  deps.bell?.listen(tick);
  return {
    workerId,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
