import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

/**
 * Every figure about people the disclosure layer released (docs/decisions/040),
 * stored once: asking again returns the same noisy value, so re-reading learns
 * nothing. A hidden figure keeps no value (a check holds it). Rows are never
 * updated; the ε columns are the ledger of what each person in the figure spent.
 */
export const disclosedFigures = pgTable(
  "disclosed_figures",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The kind of figure (core/disclosure.ts `figurePolicies`). */
    figure: text("figure").notNull(),
    /** What it is about, within the company: a session, a campaign's row and dimension, a month. */
    subject: text("subject").notNull(),
    /** The last day of the closed window the figure covers (for the rolling year of the ledger). */
    windowEnd: date("window_end", { mode: "string" }).notNull(),
    /** The people in it plus noise; shown or not is decided on this value. */
    noisyCount: integer("noisy_count").notNull(),
    shown: boolean("shown").notNull(),
    /** The mean of the clipped values with noise on their sum; null for a count or when hidden. */
    noisyMean: real("noisy_mean"),
    /** ε each person in the figure spent on it (count and sum). */
    epsilon: real("epsilon").notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.figure, table.subject] }),
    index("disclosed_figures_ledger_idx").on(table.companyId, table.figure, table.windowEnd),
    check("disclosed_figures_hidden_has_no_value", sql`${table.shown} or ${table.noisyMean} is null`),
  ],
);
