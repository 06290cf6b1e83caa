import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Scheduled and queued work (retention, reminders, digests), shared by every
 * app process: a runner claims a due row with FOR UPDATE SKIP LOCKED and a
 * lease (locked_until); a process that dies loses its lease and the job is
 * taken again. (name, key) is unique, so enqueuing twice is a no-op.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Idempotency key: e.g. the day a daily job is for. */
    key: text("key").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("jobs_name_key_idx").on(table.name, table.key),
    index("jobs_due_idx").on(table.runAt).where(sql`${table.finishedAt} is null and ${table.failedAt} is null`),
  ],
);
