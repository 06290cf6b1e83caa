/**
 * Places in a group session (docs/decisions/024). Every change takes the
 * session row's lock first (SELECT … FOR UPDATE), so registrations, cancels
 * and promotions of one session happen one after another; the next statement
 * of the transaction then counts with a fresh snapshot. The trigger of
 * migration 0008 checks the capacity again in the database itself.
 */
import { sql } from "drizzle-orm";
import { groupSessionMessages as m } from "#core/messages.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { enqueueJob } from "#server/jobs/runner.ts";

type LockedSession = { id: string; capacity: number; status: string; starts_at: string | Date; taken: number };

/** Locks the session and counts its taken places (registered or attended). */
export async function lockSession(tx: Db, sessionId: string): Promise<LockedSession | null> {
  const [session] = rowsOf<Omit<LockedSession, "taken">>(
    await tx.execute(
      sql`SELECT id, capacity, status, starts_at FROM group_sessions WHERE id = ${sessionId} FOR UPDATE`,
    ),
  );
  if (!session) return null;
  const [count] = rowsOf<{ taken: number }>(
    await tx.execute(sql`
      SELECT count(*)::int AS taken FROM group_session_registrations
      WHERE session_id = ${sessionId} AND status IN ('registered', 'attended')`),
  );
  return { ...session, taken: count?.taken ?? 0 };
}

/** Moves the oldest of the waitlist into free places, each with an e-mail job; call with the lock held. */
export async function promoteFromWaitlist(tx: Db, session: LockedSession, now: Date): Promise<string[]> {
  const free = session.capacity - session.taken;
  if (free <= 0) return [];
  const promoted = rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      UPDATE group_session_registrations SET status = 'registered', updated_at = ${now.toISOString()}::timestamptz
      WHERE id IN (
        SELECT id FROM group_session_registrations
        WHERE session_id = ${session.id} AND status = 'waitlisted'
        ORDER BY queued_at, id LIMIT ${free})
      RETURNING user_id`),
  );
  for (const { user_id } of promoted) {
    await enqueueJob(tx, {
      name: "group-session-mail",
      key: `promoted|${session.id}|${user_id}|${now.toISOString()}`,
      runAt: now,
      payload: { reason: "promoted", sessionId: session.id, userId: user_id },
    });
  }
  return promoted.map((row) => row.user_id);
}

function isOpen(session: LockedSession, now: Date): void {
  if (session.status === "cancelled") throw new AppError("CONFLICT", m.cancelled);
  if (new Date(session.starts_at) <= now) throw new AppError("CONFLICT", m.registrationClosed);
}

/**
 * Registers, or puts on the waitlist when every place is taken. `updated_at`
 * is when the place was taken, by the app's clock: the 24 h reminder goes only
 * to places taken before that mark (session-mails.ts).
 */
export async function registerPerson(
  db: Db,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<"registered" | "waitlisted"> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const session = await lockSession(tx, sessionId);
    if (!session) throw new AppError("NOT_FOUND", m.notFound);
    isOpen(session, now);
    const [waiting] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        SELECT count(*)::int AS n FROM group_session_registrations
        WHERE session_id = ${sessionId} AND status = 'waitlisted'`),
    );
    // Nobody jumps the queue: a free place with people waiting goes to them (promotion fills it first).
    const status = session.taken < session.capacity && (waiting?.n ?? 0) === 0 ? "registered" : "waitlisted";
    const [row] = rowsOf<{ status: string }>(
      await tx.execute(sql`
        INSERT INTO group_session_registrations (session_id, user_id, status, queued_at, updated_at)
        VALUES (${sessionId}, ${userId}, ${status}, clock_timestamp(), ${now.toISOString()}::timestamptz)
        ON CONFLICT (session_id, user_id) DO UPDATE
          SET status = excluded.status, queued_at = excluded.queued_at, updated_at = excluded.updated_at
          WHERE group_session_registrations.status = 'cancelled'
        RETURNING status`),
    );
    if (!row) throw new AppError("CONFLICT", m.alreadyRegistered);
    return status;
  });
}

/** A person cancels their own place; a freed place goes to the first of the waitlist. */
export async function cancelRegistration(db: Db, sessionId: string, userId: string, now: Date): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const session = await lockSession(tx, sessionId);
    if (!session) throw new AppError("NOT_FOUND", m.notFound);
    isOpen(session, now);
    const [row] = rowsOf<{ was: string }>(
      await tx.execute(sql`
        UPDATE group_session_registrations r SET status = 'cancelled', updated_at = ${now.toISOString()}::timestamptz
        FROM group_session_registrations before
        WHERE r.id = before.id AND r.session_id = ${sessionId} AND r.user_id = ${userId}
          AND r.status IN ('registered', 'waitlisted')
        RETURNING before.status AS was`),
    );
    if (!row) throw new AppError("NOT_FOUND", m.notRegistered);
    if (row.was === "registered") await promoteFromWaitlist(tx, { ...session, taken: session.taken - 1 }, now);
  });
}

/**
 * The 'alterado' e-mail (with the updated .ics) to everyone with a place,
 * keyed by the session's new SEQUENCE so each version mails each person once.
 */
export async function enqueueChangeMails(tx: Db, sessionId: string, now: Date): Promise<void> {
  const people = rowsOf<{ user_id: string; sequence: number }>(
    await tx.execute(sql`
      SELECT r.user_id, s.sequence FROM group_session_registrations r
      JOIN group_sessions s ON s.id = r.session_id
      WHERE r.session_id = ${sessionId} AND r.status = 'registered'`),
  );
  for (const { user_id, sequence } of people) {
    await enqueueJob(tx, {
      name: "group-session-mail",
      key: `changed|${sessionId}|${user_id}|${sequence}`,
      runAt: now,
      payload: { reason: "changed", sessionId, userId: user_id, sequence },
    });
  }
}
