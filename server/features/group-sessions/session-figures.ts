/**
 * What the company (manager, admin) learns of group sessions in numbers
 * (docs/decisions/024, "Figures through the disclosure layer"): a support
 * group's registered and attended counts (figure `groupCount`) and every
 * session's feedback mean (figure `groupRating`), each released once by the
 * disclosure layer for a closed window, noisy and stored, and hidden or shown
 * on its noisy count. Before that window closes there is no figure at all.
 *
 * Sybils: only people who were members of the session's company when it was
 * set up count; accounts that joined later (a manager's own invitations among
 * them) are in none of its figures.
 */
import { type SQL, sql } from "drizzle-orm";
import type { IsoDay } from "#core/dates.ts";
import { FEEDBACK_DAYS, type ManagedSession, MIN_ANSWERS_FOR_COMMENTS } from "#core/schemas/group-sessions.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { membershipCovers } from "#server/db/membership-at.ts";
import type { GroupSessionRow } from "#server/db/schema/index.ts";
import {
  type Disclosed,
  disclose,
  type FigureRequest,
  withinGroupSessionBudget,
} from "#server/features/disclosure/index.ts";

export type FigureContext = { key: Buffer; minGroup: number };

/** Whether a person counts in a session's figures: a member of its company since before it was set up. */
const countsSql = (userId: SQL) => sql`EXISTS (
  SELECT 1 FROM company_memberships m
  WHERE m.user_id = ${userId} AND ${membershipCovers(sql`m`, sql`s.created_at`)}
    AND (m.company_id = s.company_id OR s.company_id IS NULL))`;

export async function countsInFigures(db: Db, session: GroupSessionRow, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ counts: boolean }>(
    await db.execute(sql`
      SELECT ${countsSql(sql`${userId}`)} AS counts FROM group_sessions s WHERE s.id = ${session.id}`),
  );
  return Boolean(row?.counts);
}

const endOf = (session: GroupSessionRow) => session.startsAt.getTime() + session.durationMinutes * 60_000;
const dayOf = (instant: number) => new Date(instant).toISOString().slice(0, 10) as IsoDay;
const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

export type SessionFigures = { counts: ManagedSession["counts"]; feedback: ManagedSession["feedback"] };

/**
 * The figures of each session, by id. A platform session's figures are not
 * released: the disclosure layer stores figures per company (left for later).
 */
export async function sessionFigures(
  db: Db,
  context: FigureContext,
  sessions: readonly GroupSessionRow[],
  now: Date,
): Promise<Map<string, SessionFigures>> {
  const isCountDue = (session: GroupSessionRow) =>
    session.kind === "support_group" && session.status === "scheduled" && now.getTime() >= endOf(session);
  const isRatingDue = (session: GroupSessionRow) =>
    session.status === "scheduled" && now.getTime() >= endOf(session) + FEEDBACK_DAYS * 86_400_000;
  const due = sessions.filter((session) => session.companyId && (isCountDue(session) || isRatingDue(session)));
  const ids = due.map((session) => session.id);
  const [registered, attended, ratings, comments] =
    ids.length === 0
      ? [new Map<string, number>(), new Map<string, number>(), [], []]
      : await Promise.all([
          countsBy(db, ids, ["registered", "attended"]),
          countsBy(db, ids, ["attended"]),
          rowsOf<{ session_id: string; rating: number }>(
            await db.execute(sql`
              SELECT session_id, rating FROM group_session_feedback
              WHERE session_id IN (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`),
          ),
          // In a stable order that says nothing about who answered when (the table has no time either).
          rowsOf<{ session_id: string; comment: string }>(
            await db.execute(sql`
              SELECT session_id, comment FROM group_session_feedback
              WHERE comment <> '' AND session_id IN (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})
              ORDER BY md5(id::text)`),
          ),
        ]);
  const figures = new Map<string, SessionFigures>();
  for (const session of sessions) {
    const companyId = session.companyId;
    const isPrivate = session.kind === "support_group";
    const none: SessionFigures = {
      counts: { registered: null, waitlisted: null, attended: null, margin: null },
      feedback: { isClosed: isRatingDue(session), answered: null, average: null, margin: null, comments: null },
    };
    if (!companyId || !due.includes(session)) {
      figures.set(session.id, none);
      continue;
    }
    const requests: FigureRequest[] = [];
    const countEnd = dayOf(endOf(session));
    if (isCountDue(session)) {
      requests.push({
        figure: "groupCount",
        subject: `group-session:${session.id}:registered`,
        windowEnd: countEnd,
        values: ones(registered.get(session.id) ?? 0),
      });
      if (session.attendedCount !== null) {
        // Ticked by a psychologist: their 'attended' rows (sybils left out); otherwise the number reported.
        const came = session.facilitatorPsychologistId ? (attended.get(session.id) ?? 0) : session.attendedCount;
        requests.push({
          figure: "groupCount",
          subject: `group-session:${session.id}:attended`,
          windowEnd: countEnd,
          values: ones(came),
        });
      }
    }
    if (isRatingDue(session)) {
      requests.push({
        figure: "groupRating",
        subject: `group-session:${session.id}:rating`,
        windowEnd: dayOf(endOf(session) + FEEDBACK_DAYS * 86_400_000),
        values: ratings.filter((row) => row.session_id === session.id).map((row) => row.rating),
      });
    }
    const released = await disclose(db, context.key, companyId, context.minGroup, requests);
    const bySubject = new Map(requests.map((request, index) => [request.subject.split(":")[2], released[index]]));
    const registeredFigure = bySubject.get("registered");
    const attendedFigure = bySubject.get("attended");
    const rating = bySubject.get("rating");
    figures.set(session.id, {
      counts: isPrivate
        ? {
            registered: registeredFigure?.count ?? null,
            waitlisted: null,
            attended: attendedFigure?.count ?? null,
            margin: registeredFigure ? registeredFigure.countMargin : null,
          }
        : none.counts,
      feedback: rating ? feedbackOf(rating, session.id, comments, context.minGroup) : none.feedback,
    });
  }
  return figures;
}

function ones(count: number): number[] {
  return Array.from({ length: Math.max(0, count) }, () => 1);
}

function feedbackOf(
  rating: Disclosed,
  sessionId: string,
  comments: readonly { session_id: string; comment: string }[],
  minGroup: number,
): ManagedSession["feedback"] {
  // Comments are words, not numbers: only from many answers, judged on the released (noisy) count.
  const isManyAnswers = rating.count !== null && rating.count >= Math.max(MIN_ANSWERS_FOR_COMMENTS, minGroup);
  return {
    isClosed: true,
    answered: rating.count,
    average: oneDecimal(rating.mean),
    margin: oneDecimal(rating.margin),
    comments: isManyAnswers ? comments.filter((row) => row.session_id === sessionId).map((row) => row.comment) : null,
  };
}

/** Per session, how many people with these statuses count in its figures (the sybil rule above). */
async function countsBy(db: Db, ids: string[], statuses: string[]): Promise<Map<string, number>> {
  const rows = rowsOf<{ session_id: string; n: number }>(
    await db.execute(sql`
      SELECT r.session_id, count(*)::int AS n
      FROM group_session_registrations r JOIN group_sessions s ON s.id = r.session_id
      WHERE r.session_id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        AND r.status IN (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})
        AND ${countsSql(sql`r.user_id`)}
        AND ${withinGroupSessionBudget(sql`r`, sql`s`)}
      GROUP BY r.session_id`),
  );
  return new Map(rows.map((row) => [row.session_id, row.n]));
}
