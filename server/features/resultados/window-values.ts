/**
 * One value per person for each Resultados window (docs/decisions/088): the only file that reads check-ins,
 * WHO-5 answers, appointments and PHQ-9/GAD-7 measures for a company figure. Only the publishing job calls
 * it, and only for closed windows; what it returns goes straight to the disclosure layer and is never kept.
 * Only members (not managers or admins) who belonged to the company when the window began count.
 */
import { type SQL, sql } from "drizzle-orm";
import { addDays, type IsoDay } from "#core/dates.ts";
import { type CareScores, hasFollowUp, STEADY_WEEKS, weekOfMonth } from "#core/resultados.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { membershipCovers } from "#server/db/membership-at.ts";

export type Company = { id: string; timezone: string };

/** The instant a company day begins, in its time zone. */
const startOf = (company: Company, day: IsoDay): SQL => sql`(${day}::date::timestamp AT TIME ZONE ${company.timezone})`;

/** Members (role user) whose membership covered the instant. */
const memberAt = (company: Company, userColumn: SQL, instant: SQL): SQL => sql`EXISTS (
  SELECT 1 FROM company_memberships cm JOIN profiles p ON p.user_id = cm.user_id AND p.role = 'user'
  WHERE cm.company_id = ${company.id} AND cm.user_id = ${userColumn}
    AND ${membershipCovers(sql`cm`, instant)})`;

/** How many members the company had at the instant: the denominator of a completion rate (the company knows it). */
async function membersAt(db: Db, company: Company, day: IsoDay): Promise<number> {
  return (await membersOn(db, company, [day])).get(day) ?? 0;
}

/**
 * membersAt for several days at once, in one statement: Resultados' first read needs sixteen (a month's end and
 * a quarter's start each), and one count each was 40 ms on a 50,000-person company (bench/scale.ts, 2026-12-03).
 */
export async function membersOn(db: Db, company: Company, days: IsoDay[]): Promise<Map<IsoDay, number>> {
  if (days.length === 0) return new Map();
  const rows = rowsOf<{ day: IsoDay; n: number }>(
    await db.execute(sql`
      SELECT d.day::text AS day, count(member.joined_at)::int AS n
      FROM unnest(string_to_array(${[...new Set(days)].join(",")}, ',')::date[]) AS d(day)
      LEFT JOIN (
        SELECT cm.joined_at, cm.left_at FROM company_memberships cm
        JOIN profiles p ON p.user_id = cm.user_id AND p.role = 'user'
        WHERE cm.company_id = ${company.id}
      ) AS member ON ${membershipCovers(sql`member`, sql`(d.day::timestamp AT TIME ZONE ${company.timezone})`)}
      GROUP BY d.day`),
  );
  return new Map(rows.map((row) => [row.day, row.n]));
}

/**
 * The month's adoption funnel: eligible (the roster at the month's end, or the members when the company has
 * no roster: its own list, not a figure about people), activated (members at the end), active (members from
 * the month's start with a check-in or an exercise in it) and steady (active in 3 of its 4 weeks).
 */
export async function adoptionValues(db: Db, company: Company, from: IsoDay, to: IsoDay) {
  const next = startOf(company, addDays(to, 1));
  const [roster] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM roster_people
      WHERE company_id = ${company.id} AND created_at < ${next} AND (left_at IS NULL OR left_at >= ${next})`),
  );
  const activated = await membersAt(db, company, addDays(to, 1));
  // Check-ins through the company's check-in index, exercises through each member's (user, completed_at): no index
  // covers a company's check-ins and exercises together, and one statement over both scanned every check-in on
  // the platform, about 2 s a month for a 200-person company beside a 50,000-person one (12 ms now; the big
  // company's month 4.8 s, its 1.5 M check-ins; bench/scale.ts, 2026-12-03). `day` is the person's own calendar
  // day, so the exercises' instants are read two days wider and their days kept to the month.
  const start = startOf(company, from);
  const rows = rowsOf<{ days: string[] }>(
    await db.execute(sql`
      WITH member AS (
        SELECT DISTINCT cm.user_id FROM company_memberships cm JOIN profiles p ON p.user_id = cm.user_id AND p.role = 'user'
        WHERE cm.company_id = ${company.id} AND ${membershipCovers(sql`cm`, start)}
      )
      SELECT array_agg(DISTINCT done.day::text) AS days
      FROM (
        SELECT up.user_id, up.day FROM user_progress up
        WHERE up.company_id = ${company.id} AND up.exercise_id IS NULL AND up.day BETWEEN ${from} AND ${to}
        UNION ALL
        SELECT up.user_id, up.day FROM member m JOIN user_progress up ON up.user_id = m.user_id
          AND up.exercise_id IS NOT NULL AND up.company_id = ${company.id}
          AND up.completed_at >= ${start} - interval '2 days' AND up.completed_at < ${next} + interval '2 days'
          AND up.day BETWEEN ${from} AND ${to}
      ) AS done JOIN member USING (user_id)
      GROUP BY done.user_id`),
  );
  const steady = rows.filter((row) => {
    const weeks = new Set(row.days.map(weekOfMonth).filter((week) => week !== null));
    return weeks.size >= STEADY_WEEKS;
  }).length;
  return { eligible: Math.max(roster?.n ?? 0, activated), activated, active: rows.length, steady };
}

/** Each member's last WHO-5 index of the quarter, given under the WHO-5 consent in force (docs/decisions/077). */
export async function who5Values(db: Db, company: Company, from: IsoDay, to: IsoDay): Promise<Map<string, number>> {
  const rows = rowsOf<{ userId: string; score: number }>(
    await db.execute(sql`
      SELECT DISTINCT ON (a.user_id) a.user_id AS "userId", a.score::int AS score FROM who5_answers a
      WHERE a.answered_at >= ${startOf(company, from)} AND a.answered_at < ${startOf(company, addDays(to, 1))}
        AND ${memberAt(company, sql`a.user_id`, startOf(company, from))}
        AND (SELECT e.kind FROM who5_consent_events e WHERE e.user_id = a.user_id ORDER BY e.at DESC LIMIT 1) = 'given'
      ORDER BY a.user_id, a.answered_at DESC`),
  );
  return new Map(rows.map((row) => [row.userId, row.score]));
}

export type CarePerson = { sessions: number; waitDays: number | null; measured: boolean; scores: CareScores | null };

/**
 * The quarter's people in care (a session held with the company's credit, members from the quarter's start):
 * their sessions held in it, the days from their first booking request to their first session held when that
 * session fell in the quarter, and their first and last PHQ-9 and GAD-7 up to its end.
 */
export async function careValues(db: Db, company: Company, from: IsoDay, to: IsoDay): Promise<CarePerson[]> {
  const start = startOf(company, from);
  const next = startOf(company, addDays(to, 1));
  const rows = rowsOf<{
    sessions: number;
    waitDays: number | null;
    phq9: number[] | null;
    gad7: number[] | null;
  }>(
    await db.execute(sql`
      WITH people AS (
        SELECT a.member_id, count(*)::int AS sessions FROM appointments a
        WHERE a.company_id = ${company.id} AND a.status = 'held' AND a.starts_at >= ${start} AND a.starts_at < ${next}
          AND ${memberAt(company, sql`a.member_id`, start)}
        GROUP BY a.member_id
      ), firsts AS (
        SELECT a.member_id, min(a.created_at) AS asked,
          min(a.starts_at) FILTER (WHERE a.status = 'held') AS seen
        FROM appointments a JOIN people USING (member_id)
        WHERE a.company_id = ${company.id} GROUP BY a.member_id
      )
      SELECT people.sessions,
        CASE WHEN f.seen >= ${start} AND f.seen < ${next}
          THEN greatest(0, floor(extract(epoch FROM f.seen - f.asked) / 86400))::int END AS "waitDays",
        (SELECT array_agg(m.score::int ORDER BY m.created_at) FROM care_measures m
          WHERE m.member_id = people.member_id AND m.instrument = 'phq9' AND m.created_at < ${next}) AS phq9,
        (SELECT array_agg(m.score::int ORDER BY m.created_at) FROM care_measures m
          WHERE m.member_id = people.member_id AND m.instrument = 'gad7' AND m.created_at < ${next}) AS gad7
      FROM people JOIN firsts f USING (member_id)`),
  );
  const pair = (scores: number[] | null) =>
    scores && scores.length > 0 ? { first: scores[0] as number, last: scores[scores.length - 1] as number } : null;
  return rows.map((row) => {
    const counts = { phq9: row.phq9?.length ?? 0, gad7: row.gad7?.length ?? 0 };
    return {
      sessions: row.sessions,
      waitDays: row.waitDays,
      measured: counts.phq9 + counts.gad7 > 0,
      scores: hasFollowUp(counts) ? { phq9: pair(row.phq9), gad7: pair(row.gad7) } : null,
    };
  });
}
