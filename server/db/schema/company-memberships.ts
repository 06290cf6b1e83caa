import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

/**
 * Who belonged to a company, from when to when: each day's participation is
 * divided by that day's members, and only people who were members before a
 * day began count toward its privacy group (docs/decisions/014). When an
 * account is deleted the dates stay, without the person.
 */
export const companyMemberships = pgTable(
  "company_memberships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Null once the account is deleted. Kept by a trigger on profiles (migration 0007), for every path that moves people. */
    userId: text("user_id"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull(),
    leftAt: timestamp("left_at", { withTimezone: true }),
  },
  (table) => [
    index("company_memberships_company_idx").on(table.companyId, table.joinedAt),
    index("company_memberships_user_idx").on(table.userId).where(sql`${table.leftAt} is null`),
    // Who left today, for the dashboard's participation (docs/decisions/021): few rows, never all members.
    index("company_memberships_left_idx").on(table.companyId, table.leftAt).where(sql`${table.leftAt} is not null`),
  ],
);
