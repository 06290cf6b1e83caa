import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { GoalMetric } from "#core/dossier.ts";
import { companies } from "./companies.ts";

/**
 * The Lei 14.831/2024 dossier (issue 48 item 5, docs/decisions/094): the goals a company set on a released
 * figure (art. 3, III, c) with their periodic reviews, and the notices it published to its people (III, a).
 * Nothing here is about how anyone feels: a goal names a company-wide figure, a notice is the company's text.
 */
export const mentalHealthGoals = pgTable(
  "mental_health_goals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    metric: text("metric").$type<GoalMetric>().notNull(),
    target: text("target").notNull(),
    firstReviewOn: date("first_review_on", { mode: "string" }).notNull(),
    reviewEveryMonths: integer("review_every_months").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("mental_health_goals_company_idx").on(table.companyId),
    check("mental_health_goals_interval", sql`${table.reviewEveryMonths} in (3, 6, 12)`),
  ],
);

/** A goal's periodic review: the day and what it concluded. */
export const mentalHealthGoalReviews = pgTable(
  "mental_health_goal_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    goalId: uuid("goal_id")
      .notNull()
      .references(() => mentalHealthGoals.id, { onDelete: "cascade" }),
    reviewedOn: date("reviewed_on", { mode: "string" }).notNull(),
    note: text("note").notNull(),
    reviewedBy: text("reviewed_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("mental_health_goal_reviews_goal_idx").on(table.goalId, table.reviewedOn)],
);

/** 'Você falou, fizemos': a short post to every member of the company, kept with its date. */
export const companyNotices = pgTable(
  "company_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    publishedBy: text("published_by").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("company_notices_company_idx").on(table.companyId, table.publishedAt)],
);
