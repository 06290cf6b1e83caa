import { type SQL, sql } from "drizzle-orm";
import { date, integer, pgTable, primaryKey, smallint, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

/**
 * Per company and local day: check-ins and exercises completed (live counts
 * that carry no mood; mood figures come from published_daily_buckets only). Kept up to date in the same statement as each write, so report
 * series read at most 366 rows instead of millions (issue 4 'Speed at scale').
 * One check-in per person per day, so check_ins is also the day's number of
 * distinct respondents.
 *
 * Each company and day is split into rows, one per database connection that
 * wrote to it (`writerShard`), and readers add them up: one row per company and
 * day was a lock every check-in of the company waited on until the one before
 * it had committed, and a row per group of people still made two connections
 * wait on each other whenever their people shared a group (docs/decisions/021).
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
    shard: smallint("shard").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.shard] })],
);

/**
 * The rollup row the current connection writes to. A connection runs one
 * transaction at a time, so two writers in flight never wait on each other's
 * row (unless their backend ids share their low 8 bits). A delete takes one off
 * any row of the day that counts someone.
 */
export const writerShard: SQL = sql`(pg_backend_pid() & 255)::smallint`;
