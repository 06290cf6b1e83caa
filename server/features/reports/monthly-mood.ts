/**
 * A small company's mood by closed month (docs/decisions/040): a company that
 * had fewer than DAILY_GRAIN_MIN_MEMBERS members on a month's first day sees no
 * daily mood for that month, and sees the month instead, released once through
 * the disclosure layer from one value per person (their mean of the month).
 * Only members (not managers or admins) who belonged to the company before the
 * month began, and were active in it before (counted-people.ts), count, so accounts invited during it, or
 * just before it, change nothing.
 *
 * The publishing job releases each closed month (`releaseClosedMonths`) before
 * it publishes the month's last day; a report reads the stored figures only
 * (`releasedMonths`), so no reader reads a month's check-ins (issue 37).
 */
import { sql } from "drizzle-orm";
import { addDays, type IsoDay } from "#core/dates.ts";
import { clampCount } from "#core/disclosure.ts";
import type { MonthFigure } from "#core/schemas/reports.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { membershipCovers } from "#server/db/membership-at.ts";
import { type Disclosed, disclose, type FigureRequest, readDisclosed } from "#server/features/disclosure/index.ts";
import { wasActiveBefore } from "./counted-people.ts";
import { grainsOfMonths } from "./published-buckets.ts";

/** How many closed months a report lists, newest first. */
const MONTHS_SHOWN = 12;
const metrics = ["mood", "energy", "stress"] as const;

type Company = { id: string; timezone: string };

/** The first day of the month `offset` months from `month` (YYYY-MM). */
function monthStart(month: string, offset = 0): IsoDay {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, m - 1 + offset, 1));
  return date.toISOString().slice(0, 10);
}

/** A month's last day. */
export function monthEnd(month: string): IsoDay {
  return addDays(monthStart(month, 1), -1);
}

/**
 * The closed months a report may list (before `today`'s month, from the first that began after the
 * company's first day), newest first.
 */
export function closedMonths(today: IsoDay, firstDay: IsoDay): string[] {
  const months: string[] = [];
  for (let offset = -1; offset >= -MONTHS_SHOWN; offset -= 1) {
    const start = monthStart(today.slice(0, 7), offset);
    // A month that began before the company's first day had nobody who could count (only members who
    // belonged on its first day do): it would only ever read 'Oculto', and in a big company's report it
    // would bring a monthly card for a month it never lived as a small team.
    if (start <= firstDay) break;
    months.push(start.slice(0, 7));
  }
  return months;
}

const subjectsOf = (month: string) => metrics.map((metric) => `${metric}|${month}`);

/**
 * Releases the closed months the company sees by month and that were never released (the job's
 * work). Returns how many it released.
 */
export async function releaseClosedMonths(
  db: Db,
  key: Buffer,
  company: Company,
  today: IsoDay,
  firstDay: IsoDay,
  minGroup: number,
  /** Only these months (YYYY-MM) of the list, e.g. those whose last day is about to be published. */
  only?: readonly string[],
): Promise<number> {
  const months = closedMonths(today, firstDay).filter((month) => !only || only.includes(month));
  if (months.length === 0) return 0;
  const stored = await readDisclosed(db, company.id, "moodMonth", months.flatMap(subjectsOf));
  const unreleased = months.filter((month) => !stored.has(`mood|${month}`));
  if (unreleased.length === 0) return 0;
  const grains = await grainsOfMonths(
    db,
    company,
    unreleased.map((month) => `${month}-01`),
  );
  const small = unreleased.filter((month) => grains.get(month) === "month");
  const requests: FigureRequest[] = [];
  for (const month of small) {
    const values = await valuesOfMonth(db, company, month);
    for (const metric of metrics) {
      requests.push({
        figure: "moodMonth",
        subject: `${metric}|${month}`,
        windowEnd: monthEnd(month),
        values: values[metric],
      });
    }
  }
  await disclose(db, key, company.id, minGroup, requests);
  return small.length;
}

/** The closed months released for the company, newest first, read from the stored figures only. */
export async function releasedMonths(
  db: Db,
  company: Company,
  today: IsoDay,
  firstDay: IsoDay,
): Promise<MonthFigure[]> {
  const months = closedMonths(today, firstDay);
  if (months.length === 0) return [];
  const stored = await readDisclosed(db, company.id, "moodMonth", months.flatMap(subjectsOf));
  // Only the months released by month: a company seen by day has none, and its count of who could be in a
  // month (every member's activity before it) would cost a 50,000-person first read 2 s (docs/decisions/097).
  const released = months.filter((month) => stored.has(`mood|${month}`));
  const possible = released.length > 0 ? await countablePeople(db, company, released) : new Map<string, number>();
  const scale = (figure: Disclosed | undefined) =>
    figure?.mean == null ? null : { mean: figure.mean, margin: figure.margin ?? 0 };
  const respondents = (month: string) => {
    const count = stored.get(`mood|${month}`)?.count;
    // Never more people than could have answered (docs/decisions/061): the noise is not a headcount.
    return count == null ? null : clampCount(count, possible.get(month) ?? 0);
  };
  return released.map((month) => ({
    month,
    respondents: respondents(month),
    averageMood: scale(stored.get(`mood|${month}`)),
    averageEnergy: scale(stored.get(`energy|${month}`)),
    averageStress: scale(stored.get(`stress|${month}`)),
  }));
}

/**
 * How many people could be in each month's figure: members (not managers or admins) who belonged to
 * the company when the month began, as valuesOfMonth counts them.
 */
async function countablePeople(db: Db, company: Company, months: readonly string[]): Promise<Map<string, number>> {
  const rows = rowsOf<{ month: string; people: number }>(
    await db.execute(sql`
      SELECT to_char(m.start, 'YYYY-MM') AS month,
        (SELECT count(*)::int FROM company_memberships cm
         JOIN profiles p ON p.user_id = cm.user_id AND p.role = 'user'
         WHERE cm.company_id = ${company.id}
           AND ${membershipCovers(sql`cm`, sql`(m.start::timestamp AT TIME ZONE ${company.timezone})`)}
           AND ${wasActiveBefore(sql`cm`, sql`m.start`, company.timezone)}) AS people
      FROM (VALUES ${sql.join(
        months.map((month) => sql`(${monthStart(month)}::date)`),
        sql`, `,
      )}) AS m(start)`),
  );
  return new Map(rows.map((row) => [row.month, row.people]));
}

/** One value per member who counts: their mean mood, energy and stress of the month (only those who gave each). */
async function valuesOfMonth(db: Db, company: Company, month: string) {
  const from = monthStart(month);
  const to = monthEnd(month);
  const rows = rowsOf<{ mood: number; energy: number | null; stress: number | null }>(
    await db.execute(sql`
      SELECT avg(up.mood)::float AS mood, avg(up.energy)::float AS energy, avg(up.stress)::float AS stress
      FROM user_progress up
      JOIN profiles p ON p.user_id = up.user_id AND p.role = 'user'
      JOIN company_memberships m ON m.company_id = up.company_id AND m.user_id = up.user_id
        AND ${membershipCovers(sql`m`, sql`(${from}::date::timestamp AT TIME ZONE ${company.timezone})`)}
        AND ${wasActiveBefore(sql`m`, sql`${from}::date`, company.timezone)}
      WHERE up.company_id = ${company.id} AND up.exercise_id IS NULL AND up.day BETWEEN ${from} AND ${to}
      GROUP BY up.user_id`),
  );
  const given = (values: (number | null)[]) => values.filter((value): value is number => value !== null);
  return {
    mood: rows.map((row) => row.mood),
    energy: given(rows.map((row) => row.energy)),
    stress: given(rows.map((row) => row.stress)),
  };
}
