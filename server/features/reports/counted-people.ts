/**
 * Who counts toward k of a mood figure (docs/decisions/083, `ACTIVE_LEAD_DAYS` in core/disclosure.ts): a member
 * whose membership began before the window and who was active before it: a check-in at the company, while a
 * member, at least ACTIVE_LEAD_DAYS before the window's first day, or a membership begun at least
 * ESTABLISHED_MEMBER_DAYS before it. Fresh accounts (the manager's, through the HR API) are members and still
 * count for nothing. The rule is written once, `countsFrom`; its two readers below only differ in where the
 * membership's first day and first check-in come from. Read through the one-check-in-a-day index
 * (user id, day): the first check-in since the membership began ends the look.
 */
import { type SQL, sql } from "drizzle-orm";
import { ACTIVE_LEAD_DAYS, ESTABLISHED_MEMBER_DAYS } from "#core/disclosure.ts";

/**
 * The rule: a membership whose first local day is `joinedDay` and whose person's first check-in at the company
 * since then is `firstCheckIn` (null: none yet) counts in a window beginning on `windowStart`.
 */
function countsFrom(joinedDay: SQL, firstCheckIn: SQL, windowStart: SQL): SQL {
  return sql`(${joinedDay} <= (${windowStart})::date - ${ESTABLISHED_MEMBER_DAYS}::int
    OR ${firstCheckIn} <= (${windowStart})::date - ${ACTIVE_LEAD_DAYS}::int)`;
}

/** The local day `membership` (an alias of company_memberships) began in the company's time zone. */
function joinedDayOf(membership: SQL, timezone: string): SQL {
  return sql`(${membership}.joined_at AT TIME ZONE ${timezone})::date`;
}

/**
 * The first check-in of `membership`'s person at its company since it began (null when none). `ORDER BY day
 * LIMIT 1`, not `min(day)`: PostgreSQL read every check-in of the person for min() (the company filter stops its
 * index shortcut), 183 s for a day of a 50,000-member company in its first two months (bench/scale.ts,
 * 2026-12-03); the first row the index gives ends the look, 2 s.
 */
function firstCheckInOf(membership: SQL, timezone: string): SQL {
  return sql`(SELECT e.day FROM user_progress e
       WHERE e.user_id = ${membership}.user_id AND e.company_id = ${membership}.company_id AND e.exercise_id IS NULL
         AND e.day >= ${joinedDayOf(membership, timezone)}
       ORDER BY e.day LIMIT 1)`;
}

/**
 * True when the person of `membership` (an alias of company_memberships) counts in a window beginning on
 * `windowStart` (a date expression: the window's first local day) in the company's time zone `timezone`.
 */
export function wasActiveBefore(membership: SQL, windowStart: SQL, timezone: string): SQL {
  return countsFrom(joinedDayOf(membership, timezone), firstCheckInOf(membership, timezone), windowStart);
}

/**
 * The same rule for a piece of days read check-in by check-in (the publishing job, docs/decisions/097): the
 * memberships that may still be fresh on a day from `from` on (those the rule's first half does not already
 * count: begun less than ESTABLISHED_MEMBER_DAYS before it), each with its first check-in since it began,
 * looked up once per membership rather than once per check-in. Join it as `fresh` on the membership's id;
 * `countsOn` then says whether a check-in's person counts.
 */
export function freshMemberships(companyId: string, from: SQL, timezone: string): SQL {
  return sql`SELECT fm.id, ${joinedDayOf(sql`fm`, timezone)} AS joined_day, ${firstCheckInOf(sql`fm`, timezone)} AS first_day
    FROM company_memberships fm
    WHERE fm.company_id = ${companyId}
      AND ${joinedDayOf(sql`fm`, timezone)} > (${from})::date - ${ESTABLISHED_MEMBER_DAYS}::int`;
}

/** wasActiveBefore(membership, day) for a membership joined to its `fresh` row (null when it is not fresh). */
export function countsOn(fresh: SQL, day: SQL): SQL {
  return sql`(${fresh}.id IS NULL OR ${countsFrom(sql`${fresh}.joined_day`, sql`${fresh}.first_day`, day)})`;
}
