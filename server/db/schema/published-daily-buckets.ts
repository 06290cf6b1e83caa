import { sql } from "drizzle-orm";
import { boolean, check, date, integer, pgTable, primaryKey, real, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

/**
 * Each closed day of a company, published once: the only source of every mood
 * figure a manager or admin sees (docs/decisions/014). The noisy sum is drawn
 * once and stored, so asking again returns the same value; a suppressed day
 * keeps no sum at all. Rows are never updated.
 */
export const publishedDailyBuckets = pgTable(
  "published_daily_buckets",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** Check-ins of the day (a count, no mood). */
    checkIns: integer("check_ins").notNull(),
    /** The company's members on that day: the denominator of its participation. */
    members: integer("members").notNull().default(0),
    /** Distinct respondents who count toward k: members (not managers or admins) whose account predates the day. */
    eligible: integer("eligible").notNull(),
    suppressed: boolean("suppressed").notNull(),
    /** Σ(mood − 3) plus discrete Laplace noise; null when suppressed. */
    noisyMoodDelta: integer("noisy_mood_delta"),
    /** The ε spent on this figure, for the record. */
    epsilon: real("epsilon").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.day] }),
    check(
      "published_daily_buckets_suppressed_has_no_sum",
      sql`${table.suppressed} = (${table.noisyMoodDelta} is null)`,
    ),
  ],
);
