import { date, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

/**
 * Per company and local day: check-ins and exercises completed (live counts
 * that carry no mood; mood figures come from published_daily_buckets only). Kept up to date in the same statement as each write, so report
 * series read at most 366 rows instead of millions (issue 4 'Speed at scale').
 * One check-in per person per day, so check_ins is also the day's number of
 * distinct respondents.
 */
export const companyDailyStats = pgTable(
  "company_daily_stats",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    checkIns: integer("check_ins").notNull().default(0),
    exercises: integer("exercises").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day] })],
);
