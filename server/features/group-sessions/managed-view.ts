/**
 * What a manager or admin sees of group sessions (docs/decisions/024):
 * workshops with names (training evidence), support groups with counts only,
 * each hidden below PRIVACY_MIN_GROUP with the reports' own rule
 * (core/team-metrics.ts), and feedback as aggregates only.
 */
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { type ManagedSession, MIN_ANSWERS_FOR_COMMENTS } from "#core/schemas/group-sessions.ts";
import { isMoodWithheld } from "#core/team-metrics.ts";
import type { Db } from "#server/db/client.ts";
import {
  type GroupSessionRow,
  groupSessionFeedback,
  groupSessionRegistrations,
  groupSessions,
  profiles,
} from "#server/db/schema/index.ts";
import { sectorsOf } from "./audience.ts";
import { materialsOf } from "./materials.ts";

/** A count, or null when fewer than k (support groups; workshops show every count). */
function shown(count: number, minGroup: number, isPrivate: boolean): number | null {
  return isPrivate && isMoodWithheld(count, minGroup) ? null : count;
}

/**
 * A support group's counts reach the company only once the session has ended
 * and never for a cancelled one, and its waitlist never: a number that moves
 * while a manager watches says who just joined (docs/decisions/024, "Counts
 * that do not move"). Workshops are training and keep live counts.
 */
function companyCounts(
  session: GroupSessionRow,
  registered: number,
  waitlisted: number,
  attended: number,
  now: Date,
  minGroup: number,
): ManagedSession["counts"] {
  if (session.kind === "workshop") return { registered, waitlisted, attended };
  const hasEnded = now.getTime() >= session.startsAt.getTime() + session.durationMinutes * 60_000;
  if (!hasEnded || session.status === "cancelled") return { registered: null, waitlisted: null, attended: null };
  return {
    registered: shown(registered, minGroup, true),
    waitlisted: null,
    attended: session.attendedCount === null ? null : shown(attended, minGroup, true),
  };
}

/** Only sessions from this far back are listed. */
const HISTORY_DAYS = 180;

export async function listManaged(
  db: Db,
  scope: { companyId: string } | { platform: true },
  now: Date,
  minGroup: number,
): Promise<ManagedSession[]> {
  const since = new Date(now.getTime() - HISTORY_DAYS * 86_400_000);
  const sessions = await db
    .select()
    .from(groupSessions)
    .where(
      and(
        "companyId" in scope ? eq(groupSessions.companyId, scope.companyId) : isNull(groupSessions.companyId),
        gt(groupSessions.startsAt, since),
      ),
    )
    .orderBy(asc(groupSessions.startsAt));
  return toManaged(db, sessions, now, minGroup);
}

export async function toManaged(
  db: Db,
  sessions: GroupSessionRow[],
  now: Date,
  minGroup: number,
): Promise<ManagedSession[]> {
  if (sessions.length === 0) return [];
  const ids = sessions.map((session) => session.id);
  const workshopIds = sessions.filter((session) => session.kind === "workshop").map((session) => session.id);
  const [counts, people, feedback, comments, sectors, materials] = await Promise.all([
    db
      .select({
        sessionId: groupSessionRegistrations.sessionId,
        status: groupSessionRegistrations.status,
        n: sql<number>`count(*)::int`,
      })
      .from(groupSessionRegistrations)
      .where(inArray(groupSessionRegistrations.sessionId, ids))
      .groupBy(groupSessionRegistrations.sessionId, groupSessionRegistrations.status),
    // Names are read for workshops only: a support group's people never leave the database here.
    workshopIds.length === 0
      ? []
      : db
          .select({
            sessionId: groupSessionRegistrations.sessionId,
            userId: groupSessionRegistrations.userId,
            name: profiles.name,
            email: profiles.email,
            status: groupSessionRegistrations.status,
          })
          .from(groupSessionRegistrations)
          .innerJoin(profiles, eq(profiles.userId, groupSessionRegistrations.userId))
          .where(
            and(
              inArray(groupSessionRegistrations.sessionId, workshopIds),
              inArray(groupSessionRegistrations.status, ["registered", "waitlisted", "attended"]),
            ),
          )
          .orderBy(asc(groupSessionRegistrations.queuedAt)),
    db
      .select({
        sessionId: groupSessionFeedback.sessionId,
        answered: sql<number>`count(*)::int`,
        average: sql<number>`avg(${groupSessionFeedback.rating})::float8`,
      })
      .from(groupSessionFeedback)
      .where(inArray(groupSessionFeedback.sessionId, ids))
      .groupBy(groupSessionFeedback.sessionId),
    // In a stable order that says nothing about who answered when (the table has no time either).
    db
      .select({ sessionId: groupSessionFeedback.sessionId, comment: groupSessionFeedback.comment })
      .from(groupSessionFeedback)
      .where(and(inArray(groupSessionFeedback.sessionId, ids), sql`${groupSessionFeedback.comment} <> ''`))
      .orderBy(sql`md5(${groupSessionFeedback.id}::text)`),
    sectorsOf(db, ids),
    materialsOf(db, ids),
  ]);
  const countOf = (sessionId: string, ...statuses: string[]) =>
    counts
      .filter((row) => row.sessionId === sessionId && statuses.includes(row.status))
      .reduce((sum, row) => sum + row.n, 0);

  return sessions.map((session) => {
    const isPrivate = session.kind === "support_group";
    const attended = isPrivate ? (session.attendedCount ?? 0) : countOf(session.id, "attended");
    const answers = feedback.find((row) => row.sessionId === session.id);
    const answered = answers?.answered ?? 0;
    // Feedback is anonymous for both kinds: nothing below k, comments only from MIN_ANSWERS_FOR_COMMENTS.
    const isFeedbackShown = !isMoodWithheld(answered, minGroup);
    return {
      id: session.id,
      kind: session.kind,
      title: session.title,
      description: session.description,
      facilitatorName: session.facilitatorName,
      facilitatorEmail: session.facilitatorEmail,
      facilitatorPsychologistId: session.facilitatorPsychologistId,
      audience: session.audience,
      sectors: sectors.get(session.id) ?? [],
      startsAt: session.startsAt.toISOString(),
      durationMinutes: session.durationMinutes,
      modality: session.modality,
      location: session.location,
      capacity: session.capacity,
      status: session.status,
      isPlatform: session.audience === "platform",
      companyId: session.companyId,
      hasStarted: session.startsAt <= now,
      hasEnded: now.getTime() >= session.startsAt.getTime() + session.durationMinutes * 60_000,
      materials: materials.get(session.id) ?? [],
      attendanceMarkedAt: session.attendanceMarkedAt?.toISOString() ?? null,
      counts: companyCounts(
        session,
        countOf(session.id, "registered", "attended"),
        countOf(session.id, "waitlisted"),
        attended,
        now,
        minGroup,
      ),
      people: isPrivate
        ? null
        : people
            .filter((person) => person.sessionId === session.id)
            .map(({ userId, name, email, status }) => ({
              userId,
              name,
              email,
              status: status as "registered" | "waitlisted" | "attended",
            })),
      feedback: {
        answered: isFeedbackShown ? answered : null,
        average: isFeedbackShown && answers ? Math.round(answers.average * 10) / 10 : null,
        comments:
          isFeedbackShown && answered >= Math.max(MIN_ANSWERS_FOR_COMMENTS, minGroup)
            ? comments.filter((row) => row.sessionId === session.id).map((row) => row.comment ?? "")
            : null,
      },
    };
  });
}
