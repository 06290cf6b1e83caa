import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { exercises } from "./exercises.ts";

/**
 * A person's practice: a daily check-in (exercise_id null, with a mood) or an
 * exercise completion. Moods and notes are readable by their owner only
 * (docs/design.md §4); everything else reads aggregates.
 */
export const userProgress = pgTable(
  "user_progress",
  {
    // Time-ordered (migration 0020): each insert lands on the primary key's last page (docs/decisions/021).
    id: uuid("id").primaryKey().default(sql`uuid_v7()`),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // No foreign key: every check-in of a company would lock its one companies row (docs/decisions/021).
    // Deleting a company sets this to null itself (admin.routes.ts).
    companyId: uuid("company_id"),
    exerciseId: uuid("exercise_id").references(() => exercises.id, { onDelete: "restrict" }),
    mood: smallint("mood"),
    /** Optional on a check-in, 1 (low) to 5 (high); same privacy as the mood (docs/decisions/023). */
    energy: smallint("energy"),
    /** Optional on a check-in, 1 (low) to 5 (high); same privacy as the mood (docs/decisions/023). */
    stress: smallint("stress"),
    notes: text("notes"),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The calendar day in the person's time zone when it happened. */
    day: date("day", { mode: "string" }).notNull(),
    xpEarned: integer("xp_earned").notNull().default(0),
  },
  (table) => [
    check("user_progress_kind", sql`(${table.exerciseId} is null) = (${table.mood} is not null)`),
    check("user_progress_mood_range", sql`${table.mood} is null or ${table.mood} between 1 and 5`),
    check("user_progress_energy_range", sql`${table.energy} is null or ${table.energy} between 1 and 5`),
    check("user_progress_stress_range", sql`${table.stress} is null or ${table.stress} between 1 and 5`),
    // Energy and stress belong to a check-in only, never to an exercise completion.
    check(
      "user_progress_energy_stress_check_in_only",
      sql`${table.exerciseId} is null or (${table.energy} is null and ${table.stress} is null)`,
    ),
    check("user_progress_xp_non_negative", sql`${table.xpEarned} >= 0`),
    // One check-in per person per local day, held by the database under concurrent requests.
    uniqueIndex("user_progress_one_check_in_a_day").on(table.userId, table.day).where(sql`${table.exerciseId} is null`),
    // XP for an exercise at most once per person per day.
    uniqueIndex("user_progress_exercise_xp_once_a_day")
      .on(table.userId, table.exerciseId, table.day)
      .where(sql`${table.exerciseId} is not null and ${table.xpEarned} > 0`),
    // A person's exercises by time. Their check-ins are read through the one-a-day index above: a
    // second per-person index on every check-in cost a write to a cold page (docs/decisions/021).
    index("user_progress_user_exercises_idx")
      .on(table.userId, table.completedAt)
      .where(sql`${table.exerciseId} is not null`),
    // Company aggregates over a period read this index only (distinct respondents, mood).
    index("user_progress_company_check_ins_idx")
      .on(table.companyId, table.day, table.userId, table.mood)
      .where(sql`${table.exerciseId} is null`),
  ],
);
