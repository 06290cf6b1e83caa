/**
 * Places in a group session (docs/decisions/024). Every change takes the
 * session row's lock first (SELECT … FOR UPDATE), so registrations, cancels
 * and promotions of one session happen one after another; the next statement
 * of the transaction then counts with a fresh snapshot. The trigger of
 * migration 0008 checks the capacity again in the database itself.
 *
 * Workshops are first come, with a waitlist. A support group's places are
 * drawn when its registration closes (`drawPlaces`): before, every request is
 * 'requested' and nothing anyone sees depends on how many asked; after, each
 * person learns only their own outcome ("Places by draw").
 */
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { groupSessionMessages as m } from "#core/group-session-messages.ts";
import { registrationClosesAt } from "#core/schemas/group-sessions.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { enqueueJob } from "#server/jobs/runner.ts";

type LockedSession = {
  id: string;
  kind: "workshop" | "support_group";
  capacity: number;
  status: string;
  starts_at: string | Date;
  created_at: string | Date;
  drawn_at: string | Date | null;
  taken: number;
};

/** Locks the session and counts its taken places (registered or attended). */
export async function lockSession(tx: Db, sessionId: string): Promise<LockedSession | null> {
  const [session] = rowsOf<Omit<LockedSession, "taken">>(
    await tx.execute(
      sql`SELECT id, kind, capacity, status, starts_at, created_at, drawn_at
          FROM group_sessions WHERE id = ${sessionId} FOR UPDATE`,
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

/** A support group takes requests until its registration closes and the draw has not happened. */
function isDrawOpen(session: LockedSession, now: Date): boolean {
  return (
    session.drawn_at === null &&
    now < registrationClosesAt({ startsAt: session.starts_at, createdAt: session.created_at })
  );
}

/**
 * Registers, or puts on the waitlist when every place is taken; for a
 * support group, records the request for the draw. `updated_at` is when the
 * place was taken, by the app's clock: the 24 h reminder goes only to places
 * taken before that mark (session-mails.ts).
 */
export async function registerPerson(
  db: Db,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<"registered" | "waitlisted" | "requested"> {
  return db.transaction(async (tx) => {
    const session = await lockSession(tx, sessionId);
    if (!session) throw new AppError("NOT_FOUND", m.notFound);
    isOpen(session, now);
    if (session.kind === "support_group" && !isDrawOpen(session, now)) throw new AppError("CONFLICT", m.drawClosed);
    const [waiting] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        SELECT count(*)::int AS n FROM group_session_registrations
        WHERE session_id = ${sessionId} AND status = 'waitlisted'`),
    );
    // Nobody jumps the queue: a free place with people waiting goes to them (promotion fills it first).
    const firstCome = session.taken < session.capacity && (waiting?.n ?? 0) === 0 ? "registered" : "waitlisted";
    // A support group's answer is the same for everyone until the draw, whoever else asked.
    const status = session.kind === "support_group" ? "requested" : firstCome;
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

/**
 * A person cancels their own place or request. A workshop's freed place goes
 * to the first of the waitlist; a support group's stays free after the draw
 * (handing it on would tell someone that another person left).
 */
export async function cancelRegistration(db: Db, sessionId: string, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const session = await lockSession(tx, sessionId);
    if (!session) throw new AppError("NOT_FOUND", m.notFound);
    isOpen(session, now);
    const [row] = rowsOf<{ was: string }>(
      await tx.execute(sql`
        UPDATE group_session_registrations r SET status = 'cancelled', updated_at = ${now.toISOString()}::timestamptz
        FROM group_session_registrations before
        WHERE r.id = before.id AND r.session_id = ${sessionId} AND r.user_id = ${userId}
          AND r.status IN ('registered', 'waitlisted', 'requested')
        RETURNING before.status AS was`),
    );
    if (!row) throw new AppError("NOT_FOUND", m.notRegistered);
    if (row.was === "registered" && session.kind === "workshop")
      await promoteFromWaitlist(tx, { ...session, taken: session.taken - 1 }, now);
  });
}

/**
 * The order of a support group's draw: each request ranked by an HMAC of the
 * session and the person under the server's key. Nobody without the key can
 * predict or steer it, when one asked changes nothing, and the same requests
 * always give the same result (the draw can be checked again).
 */
export function drawOrder(key: Buffer, sessionId: string, userIds: readonly string[]): string[] {
  const rank = (userId: string) => createHmac("sha256", key).update(`group-draw|${sessionId}|${userId}`).digest("hex");
  return [...userIds]
    .map((userId) => ({ userId, rank: rank(userId) }))
    .sort((x, y) => (x.rank < y.rank ? -1 : 1))
    .map((entry) => entry.userId);
}

/**
 * The draw of every support group whose registration has closed: the first
 * `capacity` of the draw order get a place, the others 'not_drawn'; each gets
 * their own outcome by e-mail (the confirmation with the calendar invite).
 * A session is drawn once (`drawn_at`, set under its lock).
 */
export async function drawPlaces(db: Db, key: Buffer, now: Date): Promise<{ drawn: number }> {
  // A registration closes at or before 24 h ahead of the start, so only these can be due.
  const candidates = rowsOf<{ id: string; starts_at: string | Date; created_at: string | Date }>(
    await db.execute(sql`
      SELECT id, starts_at, created_at FROM group_sessions
      WHERE kind = 'support_group' AND status = 'scheduled' AND drawn_at IS NULL
        AND starts_at <= ${new Date(now.getTime() + 24 * 3_600_000).toISOString()}::timestamptz`),
  );
  const due = candidates.filter(
    (row) => registrationClosesAt({ startsAt: row.starts_at, createdAt: row.created_at }) <= now,
  );
  for (const { id } of due) await drawSession(db, key, id, now);
  return { drawn: due.length };
}

async function drawSession(db: Db, key: Buffer, sessionId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const session = await lockSession(tx, sessionId);
    if (!session || session.drawn_at !== null || session.status !== "scheduled") return;
    const requests = rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        SELECT user_id FROM group_session_registrations
        WHERE session_id = ${sessionId} AND status = 'requested'`),
    );
    const order = drawOrder(
      key,
      sessionId,
      requests.map((row) => row.user_id),
    );
    const places = Math.max(0, session.capacity - session.taken);
    const at = now.toISOString();
    for (const [index, userId] of order.entries()) {
      const outcome = index < places ? "registered" : "not_drawn";
      await tx.execute(sql`
        UPDATE group_session_registrations SET status = ${outcome}, updated_at = ${at}::timestamptz
        WHERE session_id = ${sessionId} AND user_id = ${userId} AND status = 'requested'`);
      const reason = outcome === "registered" ? "drawn" : "not-drawn";
      await enqueueJob(tx, {
        name: "group-session-mail",
        key: `${reason}|${sessionId}|${userId}`,
        runAt: now,
        payload: { reason, sessionId, userId },
      });
    }
    await tx.execute(sql`UPDATE group_sessions SET drawn_at = ${at}::timestamptz WHERE id = ${sessionId}`);
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
