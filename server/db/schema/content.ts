import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { LocaleText } from "#core/exercises.ts";
import { contentTypes } from "#core/schemas/content.ts";

export const content = pgTable(
  "content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").unique(),
    title: jsonb("title").$type<LocaleText>().notNull(),
    description: jsonb("description").$type<LocaleText>().notNull(),
    contentType: text("content_type", { enum: contentTypes }).notNull(),
    pointsRequired: integer("points_required").notNull().default(0),
    duration: text("duration").notNull(),
    thumbnail: text("thumbnail"),
    /** The text to read (a small markdown subset), per locale; only sent once unlocked. */
    body: jsonb("body").$type<LocaleText>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("content_points_non_negative", sql`${table.pointsRequired} >= 0`)],
);
