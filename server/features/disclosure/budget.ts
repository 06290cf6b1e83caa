/**
 * Each person's privacy budget over a rolling year (core/disclosure.ts
 * `yearlyBudget`, docs/decisions/040 "Budget"), counted from the records that
 * put them in released figures: nothing new is stored about anyone. The same
 * counts serve the guards (a person past a counted limit is left out of the
 * figure) and the member's own view in 'O que sua empresa vê'.
 */
import { type SQL, sql } from "drizzle-orm";
import { type BudgetLine, yearlyBudget } from "#core/disclosure.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { membershipCovers } from "#server/db/membership-at.ts";

const YEAR = sql`interval '365 days'`;

/**
 * How many of each line's releases counted the person in the year before
 * `at` (an ISO instant: postgres.js takes no Date inside raw SQL).
 */
const usedSql: Record<BudgetLine, (userId: string, at: string) => SQL> = {
  checkInDays: (userId, at) => sql`
    SELECT count(*)::int FROM user_progress
    WHERE user_id = ${userId} AND exercise_id IS NULL
      AND day > (${at}::timestamptz - ${YEAR})::date AND day <= ${at}::timestamptz::date`,
  // A campaign's answers carry no name (docs/decisions/026): the invitation says only that one answered.
  riskCampaigns: (userId, at) => sql`
    SELECT count(*)::int FROM risk_invitations i JOIN risk_campaigns c ON c.id = i.campaign_id
    WHERE i.user_id = ${userId} AND i.has_answered
      AND c.created_at > ${at}::timestamptz - ${YEAR}`,
  groupSessions: (userId, at) => sql`
    SELECT count(*)::int FROM group_session_registrations r JOIN group_sessions s ON s.id = r.session_id
    WHERE r.user_id = ${userId} AND ${isCountedRegistration(sql`r`, sql`s`)}
      AND s.starts_at > ${at}::timestamptz - ${YEAR} AND s.starts_at <= ${at}::timestamptz`,
  groupRatings: (userId, at) => sql`
    SELECT count(*)::int FROM group_session_feedback_given g JOIN group_sessions s ON s.id = g.session_id
    WHERE g.user_id = ${userId}
      AND s.starts_at > ${at}::timestamptz - ${YEAR} AND s.starts_at <= ${at}::timestamptz`,
  careMonths: (userId, at) => sql`
    SELECT count(DISTINCT date_trunc('month', starts_at))::int FROM appointments
    WHERE member_id = ${userId} AND status = 'held'
      AND starts_at > ${at}::timestamptz - ${YEAR} AND starts_at <= ${at}::timestamptz`,
  // Resultados' windows (docs/decisions/097), in São Paulo's calendar (a company in another zone shifts a
  // window by hours; a quarter counted here may still be open: the count is a bound from above).
  // Each closed month's adoption counts its members at the close: the month closes (São Paulo midnight on the
  // 1st) in the year at which the person was a member.
  memberMonths: (userId, at) => sql`
    WITH w AS (SELECT ${at}::timestamptz AT TIME ZONE 'America/Sao_Paulo' AS now_local)
    SELECT count(*)::int FROM w, generate_series(
      date_trunc('month', now_local - ${YEAR}) + interval '1 month', date_trunc('month', now_local), interval '1 month'
    ) closes(close_local)
    WHERE close_local > now_local - ${YEAR} AND EXISTS (
      SELECT 1 FROM company_memberships cm WHERE cm.user_id = ${userId}
        AND ${membershipCovers(sql`cm`, sql`(close_local AT TIME ZONE 'America/Sao_Paulo')`)})`,
  who5Quarters: (userId, at) => sql`
    SELECT count(DISTINCT date_trunc('quarter', answered_at AT TIME ZONE 'America/Sao_Paulo'))::int
    FROM who5_answers
    WHERE user_id = ${userId} AND answered_at > ${at}::timestamptz - ${YEAR} AND answered_at <= ${at}::timestamptz`,
  careQuarters: (userId, at) => sql`
    SELECT count(DISTINCT date_trunc('quarter', starts_at AT TIME ZONE 'America/Sao_Paulo'))::int FROM appointments
    WHERE member_id = ${userId} AND status = 'held'
      AND starts_at > ${at}::timestamptz - ${YEAR} AND starts_at <= ${at}::timestamptz`,
};

/** A registration that enters a support group's counts (the statuses its figures count). */
function isCountedRegistration(registration: SQL, session: SQL): SQL {
  return sql`${session}.kind = 'support_group' AND ${registration}.status IN ('registered', 'attended')`;
}

export type BudgetUse = { line: BudgetLine; used: number; limit: number };

/** The person's year, line by line, as of `at`. */
export async function budgetOf(db: Db, userId: string, at: Date): Promise<BudgetUse[]> {
  const lines = Object.keys(yearlyBudget) as BudgetLine[];
  const [row] = rowsOf<Record<BudgetLine, number>>(
    await db.execute(
      sql`SELECT ${sql.join(
        lines.map((line) => sql`(${usedSql[line](userId, at.toISOString())}) AS ${sql.identifier(line)}`),
        sql`, `,
      )}`,
    ),
  );
  return lines.map((line) => ({ line, used: row?.[line] ?? 0, limit: yearlyBudget[line].limit }));
}

/** Whether one more release of a counted line still fits the person's year before `at`. */
export async function hasBudgetFor(
  db: Db,
  userId: string,
  line: "riskCampaigns" | "groupRatings",
  at: Date,
): Promise<boolean> {
  const [row] = rowsOf<{ used: number }>(
    await db.execute(sql`SELECT (${usedSql[line](userId, at.toISOString())}) AS used`),
  );
  return (row?.used ?? 0) < yearlyBudget[line].limit;
}

/**
 * For a support group's counts: the registrant `registration` (alias of
 * group_session_registrations, in session `session`) is counted only while
 * their support groups of the year before it stay under the limit. Earlier
 * registrations are counted whether or not they entered a figure, so the
 * guard errs on the side of leaving a person out.
 */
export function withinGroupSessionBudget(registration: SQL, session: SQL): SQL {
  return sql`(
    SELECT count(*) FROM group_session_registrations r2 JOIN group_sessions s2 ON s2.id = r2.session_id
    WHERE r2.user_id = ${registration}.user_id AND ${isCountedRegistration(sql`r2`, sql`s2`)}
      AND s2.starts_at < ${session}.starts_at AND s2.starts_at > ${session}.starts_at - ${YEAR}
  ) < ${yearlyBudget.groupSessions.limit}`;
}
