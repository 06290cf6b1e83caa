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
