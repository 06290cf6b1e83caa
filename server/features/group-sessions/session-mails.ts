/**
 * Group session e-mails through the job runner (docs/decisions/016, 024):
 * a sweep every 5 minutes enqueues one `group-session-mail` job per person
 * and reminder (24 h and 1 h before), keyed by session, person and start, so
 * the unique (name, key) of `jobs` makes each reminder go at most once; the
 * cancel and promotion mails are enqueued by the requests themselves, a
 * support group's outcome mails by its draw (registrations.ts). Each job
 * checks again when it runs and sends at most once (sendOnce).
 */
import { eq, sql } from "drizzle-orm";
import { formatSessionWhen } from "#core/format.ts";
import { groupSessionMessages as m } from "#core/group-session-messages.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { groupSessions } from "#server/db/schema/index.ts";
import { sendOnce } from "#server/features/notifications/index.ts";
import { enqueueJobs, type JobContext } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { groupSessionMail } from "#server/mail/templates.ts";
import { sessionIcs } from "./session-calendar.ts";

const HOUR = 3_600_000;
type Reason = "cancelled" | "promoted" | "changed" | "reminder-24h" | "reminder-1h" | "drawn" | "not-drawn";

/** Which reminder is due for a session starting at `start`; the 24 h one only for places taken before that mark. */
export async function sweepSessionReminders(db: Db, now: Date): Promise<{ enqueued: number }> {
  const due = rowsOf<{
    session_id: string;
    user_id: string;
    kind: string;
    starts_at: string | Date;
    place_since: string | Date;
  }>(
    await db.execute(sql`
      SELECT s.id AS session_id, r.user_id, s.kind, s.starts_at, r.updated_at AS place_since
      FROM group_sessions s
      JOIN group_session_registrations r ON r.session_id = s.id AND r.status = 'registered'
      WHERE s.status = 'scheduled'
        AND s.starts_at > ${now.toISOString()}::timestamptz
        AND s.starts_at <= ${new Date(now.getTime() + 24 * HOUR).toISOString()}::timestamptz`),
  );
  const mails = due.flatMap((row) => {
    const start = new Date(row.starts_at);
    const isLastHour = start.getTime() - now.getTime() <= HOUR;
    // Someone who took the place within the last day has just seen the date: the 1 h reminder is enough.
    if (!isLastHour && new Date(row.place_since).getTime() > start.getTime() - 24 * HOUR) return [];
    // A support group's confirmation went out with its draw, about a day before: that is its 24 h reminder.
    if (!isLastHour && row.kind === "support_group") return [];
    const reason: Reason = isLastHour ? "reminder-1h" : "reminder-24h";
    return [
      {
        name: "group-session-mail",
        key: `${reason}|${row.session_id}|${row.user_id}|${start.toISOString()}`,
        runAt: now,
        payload: { reason, sessionId: row.session_id, userId: row.user_id, startsAt: start.toISOString() },
      },
    ];
  });
  return { enqueued: await enqueueJobs(db, mails) };
}

type Target = {
  kind: "workshop" | "support_group";
  title: string;
  status: string;
  starts_at: string | Date;
  place: string | null;
  name: string;
  email: string;
  timezone: string;
  sequence: number;
};

export async function sendSessionMail(
  context: JobContext,
  deps: { mailer: Mailer; appUrl: string },
): Promise<{ sent: boolean }> {
  const { db, now, job } = context;
  const { reason, sessionId, userId, startsAt, sequence } = job.payload as {
    reason: Reason;
    sessionId: string;
    userId: string;
    startsAt?: string;
    sequence?: number;
  };
  const [target] = rowsOf<Target>(
    await db.execute(sql`
      SELECT s.kind, s.title, s.status, s.starts_at, s.sequence, r.status AS place, p.name, p.email, p.timezone
      FROM group_sessions s
      JOIN profiles p ON p.user_id = ${userId}
      LEFT JOIN group_session_registrations r ON r.session_id = s.id AND r.user_id = ${userId}
      WHERE s.id = ${sessionId}`),
  );
  if (!target) return { sent: false };
  const start = new Date(target.starts_at);
  // Still true when the job runs? A cancel, a new time or a cancelled place in between wins.
  const placeDue = reason === "not-drawn" ? "not_drawn" : "registered";
  const isStillDue =
    reason === "cancelled"
      ? target.status === "cancelled"
      : target.status === "scheduled" &&
        target.place === placeDue &&
        start > now &&
        (!startsAt || start.toISOString() === startsAt) &&
        // A later change mails its own version: only the newest 'alterado' goes.
        (sequence === undefined || target.sequence === sequence);
  if (!isStillDue) return { sent: false };
  // The calendar invite goes with a new version and with a place confirmed by the draw.
  const [session] =
    reason === "changed" || reason === "drawn"
      ? await db.select().from(groupSessions).where(eq(groupSessions.id, sessionId))
      : [];
  return sendOnce(db, job, () =>
    deps.mailer.send(
      groupSessionMail({
        to: target.email,
        name: target.name,
        reason,
        title: target.kind === "support_group" ? m.neutralTitle : target.title,
        when: formatSessionWhen(start.toISOString(), target.timezone),
        url: `${deps.appUrl}/group-sessions`,
        ics: session ? sessionIcs(session, deps.appUrl) : undefined,
      }),
    ),
  );
}
