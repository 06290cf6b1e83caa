import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * The WHO-5's own consent, apart from the mood consent (docs/decisions/077): each time a person gave or
 * revoked it, with the text version. The latest row is the consent in force.
 */
export const who5ConsentEvents = pgTable(
  "who5_consent_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["given", "revoked"] }).notNull(),
    version: text("version").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("who5_consent_events_user_idx").on(table.userId, table.at)],
);

/**
 * A member's WHO-5 answers: the five items (0–5) and the index (raw × 4). Read by that member only;
 * deleting the account deletes them (the cascade). No company id: no company figure reads this table
 * (docs/decisions/078).
 */
export const who5Answers = pgTable(
  "who5_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    item1: smallint("item1").notNull(),
    item2: smallint("item2").notNull(),
    item3: smallint("item3").notNull(),
    item4: smallint("item4").notNull(),
    item5: smallint("item5").notNull(),
    /** 0–100: the raw 0–25 sum times four. */
    score: smallint("score").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("who5_answers_user_idx").on(table.userId, table.answeredAt),
    check(
      "who5_answers_items",
      sql`${table.item1} BETWEEN 0 AND 5 AND ${table.item2} BETWEEN 0 AND 5 AND ${table.item3} BETWEEN 0 AND 5 AND ${table.item4} BETWEEN 0 AND 5 AND ${table.item5} BETWEEN 0 AND 5`,
    ),
    check(
      "who5_answers_score",
      sql`${table.score} = 4 * (${table.item1} + ${table.item2} + ${table.item3} + ${table.item4} + ${table.item5})`,
    ),
  ],
);

/** 'Agora não' on the Painel's WHO-5 offer: hidden until `until` (docs/decisions/078). One row per person. */
export const who5Dismissals = pgTable("who5_dismissals", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  until: timestamp("until", { withTimezone: true }).notNull(),
});
