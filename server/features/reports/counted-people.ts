/**
 * Who counts toward k of a mood figure (docs/decisions/083, `ACTIVE_LEAD_DAYS` in core/disclosure.ts): a member
 * whose membership began before the window and who was active before it: a check-in at the company, while a
 * member, at least ACTIVE_LEAD_DAYS before the window's first day, or a membership begun at least
 * ESTABLISHED_MEMBER_DAYS before it. Fresh accounts (the manager's, through the HR API) are members and still
 * count for nothing. Read through the one-check-in-a-day index (user id, day): the first earlier check-in
 * found ends the look.
 */
import { type SQL, sql } from "drizzle-orm";
import { ACTIVE_LEAD_DAYS, ESTABLISHED_MEMBER_DAYS } from "#core/disclosure.ts";

/**
 * True when the person of `membership` (an alias of company_memberships) was active before `windowStart`
 * (a date expression: the window's first local day) in the company's time zone `timezone`.
 */
export function wasActiveBefore(membership: SQL, windowStart: SQL, timezone: string): SQL {
  return sql`((${membership}.joined_at AT TIME ZONE ${timezone})::date <= (${windowStart})::date - ${ESTABLISHED_MEMBER_DAYS}::int
    OR EXISTS (
    SELECT 1 FROM user_progress earlier
    WHERE earlier.user_id = ${membership}.user_id AND earlier.company_id = ${membership}.company_id
      AND earlier.exercise_id IS NULL
      AND earlier.day <= (${windowStart})::date - ${ACTIVE_LEAD_DAYS}::int
      AND earlier.day >= (${membership}.joined_at AT TIME ZONE ${timezone})::date))`;
}

/**
 * The same rule for a piece of days read check-in by check-in (the publishing job, docs/decisions/097): the
 * memberships that may still be fresh on a day from `from` on (begun less than ESTABLISHED_MEMBER_DAYS before
 * it), each with its first check-in since it began, looked up once per membership rather than once per
 * check-in. Join it as `fresh` on the membership's id; `countsOn` then says whether a check-in's person counts.
 * The first check-in is `ORDER BY day LIMIT 1`, not `min(day)`: PostgreSQL read every check-in of the person
 * for min() (the company filter stops its index shortcut), 183 s for a day of a 50,000-member company in its
 * first two months (bench/scale.ts, 2026-12-03); the first row the index gives ends the look, 2 s.
 */
export function freshMemberships(companyId: string, from: SQL, timezone: string): SQL {
  return sql`SELECT fm.id, (fm.joined_at AT TIME ZONE ${timezone})::date AS joined_day,
      (SELECT e.day FROM user_progress e
       WHERE e.user_id = fm.user_id AND e.company_id = fm.company_id AND e.exercise_id IS NULL
         AND e.day >= (fm.joined_at AT TIME ZONE ${timezone})::date
       ORDER BY e.day LIMIT 1) AS first_day
    FROM company_memberships fm
    WHERE fm.company_id = ${companyId}
      AND (fm.joined_at AT TIME ZONE ${timezone})::date > (${from})::date - ${ESTABLISHED_MEMBER_DAYS}::int`;
}

/** wasActiveBefore(membership, day) for a membership joined to its `fresh` row (null when it is not fresh). */
export function countsOn(fresh: SQL, day: SQL): SQL {
  return sql`(${fresh}.id IS NULL OR ${fresh}.joined_day <= (${day})::date - ${ESTABLISHED_MEMBER_DAYS}::int
    OR ${fresh}.first_day <= (${day})::date - ${ACTIVE_LEAD_DAYS}::int)`;
}
