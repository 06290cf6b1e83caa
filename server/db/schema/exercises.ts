import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { exerciseCategories, type LocaleText, mediaTypes } from "#core/exercises.ts";

export const exercises = pgTable(
  "exercises",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stable key of a starter-catalogue exercise (seed files); null for admin-created ones. */
    slug: text("slug").unique(),
    title: jsonb("title").$type<LocaleText>().notNull(),
    description: jsonb("description").$type<LocaleText>().notNull(),
    /** Step-by-step guidance, per locale. */
    steps: jsonb("steps").$type<Record<string, string[]>>(),
    category: text("category", { enum: exerciseCategories }).notNull(),
    duration: text("duration").notNull(),
    requiredLevel: integer("required_level").notNull().default(1),
    xpReward: integer("xp_reward").notNull().default(10),
    mediaType: text("media_type", { enum: mediaTypes }).notNull().default("link"),
    mediaUrl: text("media_url"),
    thumbnail: text("thumbnail"),
    /** Storage keys of files we hold for this exercise (removed with it); null for external links. */
    mediaKey: text("media_key"),
    thumbnailKey: text("thumbnail_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Deleted exercises leave the catalogue but stay in people's history (docs/decisions). */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    check("exercises_level_range", sql`${table.requiredLevel} between 1 and 15`),
    check("exercises_xp_positive", sql`${table.xpReward} >= 1`),
    index("exercises_catalogue_idx").on(table.requiredLevel, table.createdAt).where(sql`${table.deletedAt} is null`),
  ],
);
