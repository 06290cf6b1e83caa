import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Who did what to whom, and when: admin and team actions. Never moods or notes. */
export const auditLog = pgTable(
  "audit_log",
  {
    // Time-ordered (migration 0020): every read of team figures adds a row (docs/decisions/021).
    id: uuid("id").primaryKey().default(sql`uuid_v7()`),
    actorUserId: text("actor_user_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** The company the action concerns, kept after the company is deleted (for filtering). */
    companyId: uuid("company_id"),
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("audit_log_created_idx").on(table.createdAt),
    index("audit_log_target_idx").on(table.targetType, table.targetId),
  ],
);
