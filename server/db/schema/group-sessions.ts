import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { psychologists } from "./care.ts";
import { companies } from "./companies.ts";
import { riskSectors } from "./risk-structure.ts";

/**
 * Group sessions (docs/decisions/024): workshops, whose attendance the
 * company may see, and support groups, of which it sees counts only. The
 * audience is data: 'company' (company_id set), 'sectors' (company_id set,
 * the chosen sectors in group_session_sectors) or 'platform' (every company,
 * an admin's open webinar).
 */
export const groupSessions = pgTable(
  "group_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    audience: text("audience", { enum: ["company", "sectors", "platform"] }).notNull(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["workshop", "support_group"] }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** A named facilitator, or a platform psychologist (then the name is theirs, copied at creation). */
    facilitatorName: text("facilitator_name").notNull(),
    facilitatorEmail: text("facilitator_email"),
    facilitatorPsychologistId: uuid("facilitator_psychologist_id").references(() => psychologists.id, {
      onDelete: "set null",
    }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    capacity: integer("capacity").notNull(),
    modality: text("modality", { enum: ["online", "in_person"] }).notNull(),
    /** The meeting link (online; shown to registrants from 15 minutes before) or the place. */
    location: text("location").notNull(),
    status: text("status", { enum: ["scheduled", "cancelled"] })
      .notNull()
      .default("scheduled"),
    /** The .ics SEQUENCE: raised on every change a calendar must follow. */
    sequence: integer("sequence").notNull().default(0),
    /** Support groups: how many came, as the facilitator reported; workshops count their 'attended' rows. */
    attendedCount: integer("attended_count"),
    attendanceMarkedAt: timestamp("attendance_marked_at", { withTimezone: true }),
    /** Support groups: when the places were drawn among the requests (null until then: registration is open). */
    drawnAt: timestamp("drawn_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("group_sessions_company_idx").on(table.companyId, table.startsAt),
    index("group_sessions_starts_idx").on(table.startsAt),
    index("group_sessions_facilitator_idx").on(table.facilitatorPsychologistId),
    check(
      "group_sessions_audience_company",
      sql`(${table.audience} in ('company', 'sectors')) = (${table.companyId} is not null)`,
    ),
    check("group_sessions_capacity_positive", sql`${table.capacity} between 1 and 500`),
    check("group_sessions_duration_positive", sql`${table.durationMinutes} between 15 and 480`),
    check("group_sessions_attended_count", sql`${table.attendedCount} is null or ${table.attendedCount} >= 0`),
  ],
);

/** A session as read from the table; the feature's files share it (server/features/group-sessions). */
export type GroupSessionRow = typeof groupSessions.$inferSelect;

/**
 * One person's place in a session. 'registered' rows never exceed the
 * capacity: a trigger (migration, custom SQL) locks the session row and
 * counts. The waitlist is ordered by queued_at, set under that lock. A support
 * group's request is 'requested' until the draw, then 'registered' or
 * 'not_drawn' (docs/decisions/024, "Places by draw").
 */
export const groupSessionRegistrations = pgTable(
  "group_session_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => groupSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", {
      enum: ["registered", "waitlisted", "cancelled", "attended", "requested", "not_drawn"],
    }).notNull(),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("group_session_registrations_person_idx").on(table.sessionId, table.userId),
    index("group_session_registrations_queue_idx").on(table.sessionId, table.status, table.queuedAt),
    // A person's own registrations, and the cascade when an account is deleted, without a full scan.
    index("group_session_registrations_user_idx").on(table.userId),
  ],
);

/**
 * Anonymous feedback: no person, no time (a time could be matched with the
 * 'given' row below). Shown only as aggregates (docs/decisions/024).
 */
export const groupSessionFeedback = pgTable(
  "group_session_feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => groupSessions.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment"),
  },
  (table) => [
    index("group_session_feedback_session_idx").on(table.sessionId),
    check("group_session_feedback_rating", sql`${table.rating} between 1 and 5`),
  ],
);

/** Who has answered (one answer each), with no link to the answer. */
export const groupSessionFeedbackGiven = pgTable(
  "group_session_feedback_given",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => groupSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.userId] })],
);

/** The chosen sectors of a session whose audience is 'sectors' (each with the sectors below it). */
export const groupSessionSectors = pgTable(
  "group_session_sectors",
  {
    sessionId: uuid("session_id")
      .notNull()
      .references(() => groupSessions.id, { onDelete: "cascade" }),
    sectorId: uuid("sector_id")
      .notNull()
      .references(() => riskSectors.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.sectorId] })],
);

/**
 * Files attached to a session (slides, a reading): stored under a random key
 * in the product's storage, in a folder the public /media/ route refuses, and
 * served only through the app to those allowed (docs/decisions/024, "Materials").
 */
export const groupSessionMaterials = pgTable(
  "group_session_materials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => groupSessions.id, { onDelete: "cascade" }),
    /** The name shown and downloaded, cleaned of paths and control characters. */
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("group_session_materials_session_idx").on(table.sessionId, table.createdAt)],
);
