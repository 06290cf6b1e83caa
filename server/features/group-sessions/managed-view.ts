/**
 * What a manager or admin sees of group sessions (docs/decisions/024):
 * workshops with names and live counts (training evidence), support groups
 * with no number until the end and then only the disclosure layer's noisy
 * counts, and every session's feedback as a noisy mean once its feedback
 * period has closed (session-figures.ts).
 */
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { ManagedSession } from "#core/schemas/group-sessions.ts";
import type { Db } from "#server/db/client.ts";
import { type GroupSessionRow, groupSessionRegistrations, groupSessions, profiles } from "#server/db/schema/index.ts";
import { sectorsOf } from "./audience.ts";
import { materialsOf } from "./materials.ts";
import { type FigureContext, sessionFigures } from "./session-figures.ts";

/** Only sessions from this far back are listed. */
const HISTORY_DAYS = 180;

export async function listManaged(
  db: Db,
  scope: { companyId: string } | { platform: true },
  now: Date,
  context: FigureContext,
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
  return toManaged(db, sessions, now, context);
}

export async function toManaged(
  db: Db,
  sessions: GroupSessionRow[],
  now: Date,
  context: FigureContext,
): Promise<ManagedSession[]> {
  if (sessions.length === 0) return [];
  const ids = sessions.map((session) => session.id);
  const workshopIds = sessions.filter((session) => session.kind === "workshop").map((session) => session.id);
  const [counts, people, figures, sectors, materials] = await Promise.all([
    // Live counts for workshops only: a support group's numbers come from its figures, after the end.
    workshopIds.length === 0
      ? []
      : db
          .select({
            sessionId: groupSessionRegistrations.sessionId,
            status: groupSessionRegistrations.status,
            n: sql<number>`count(*)::int`,
          })
          .from(groupSessionRegistrations)
          .where(inArray(groupSessionRegistrations.sessionId, workshopIds))
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
    sessionFigures(db, context, sessions, now),
    sectorsOf(db, ids),
    materialsOf(db, ids),
  ]);
  const countOf = (sessionId: string, ...statuses: string[]) =>
    counts
      .filter((row) => row.sessionId === sessionId && statuses.includes(row.status))
      .reduce((sum, row) => sum + row.n, 0);

  return sessions.map((session) => {
    const isPrivate = session.kind === "support_group";
    const figure = figures.get(session.id);
    if (!figure) throw new Error(`no figures for ${session.id}`);
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
      counts: isPrivate
        ? figure.counts
        : {
            registered: countOf(session.id, "registered", "attended"),
            waitlisted: countOf(session.id, "waitlisted"),
            attended: countOf(session.id, "attended"),
            margin: null,
          },
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
      feedback: figure.feedback,
    };
  });
}
