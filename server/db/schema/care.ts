/**
 * Care with psychologists (issue 13, docs/decisions/025): the psychologist's
 * profile and availability, appointments, the credit ledger, each company's
 * care rule, and the member–psychologist message threads. Slots are computed
 * from availability (core/care-slots.ts), never stored one by one.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
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
import { companies } from "./companies.ts";

export const psychologists = pgTable(
  "psychologists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Set when the invitation is accepted; the profile exists from the admin's invitation on. */
    userId: text("user_id")
      .unique()
      .references(() => user.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    crpNumber: text("crp_number").notNull(),
    crpUf: text("crp_uf").notNull(),
    /** e-Psi registration confirmed on this day (Res. CFP 11/2018): online care needs it. */
    epsiConfirmedOn: date("epsi_confirmed_on", { mode: "string" }).notNull(),
    approaches: text("approaches").array().notNull().default(sql`'{}'::text[]`),
    specialties: text("specialties").array().notNull().default(sql`'{}'::text[]`),
    languages: text("languages").array().notNull().default(sql`'{"Portugu\u00eas"}'::text[]`),
    online: boolean("online").notNull().default(true),
    /** Set when the psychologist also sees people in person, in this city. */
    inPersonCity: text("in_person_city"),
    bio: text("bio").notNull().default(""),
    /** The uploaded photo (server/storage): its public address and its storage key, to remove it when replaced. */
    photoUrl: text("photo_url"),
    photoKey: text("photo_key"),
    status: text("status", { enum: ["pending", "verified", "suspended"] })
      .notNull()
      .default("pending"),
    /** Verification lasts 12 months from here (docs/decisions/025). */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    sessionMinutes: smallint("session_minutes").notNull().default(50),
    bufferMinutes: smallint("buffer_minutes").notNull().default(10),
    videoUrl: text("video_url"),
    /** How soon they usually answer messages, in hours. */
    replyHours: smallint("reply_hours").notNull().default(48),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("psychologists_email").on(sql`lower(${table.email})`),
    check("psychologists_session_minutes", sql`${table.sessionMinutes} between 20 and 180`),
    check("psychologists_buffer_minutes", sql`${table.bufferMinutes} between 0 and 60`),
  ],
);

/** Weekly availability in America/Sao_Paulo: minutes since midnight. */
export const availabilityWindows = pgTable(
  "availability_windows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    psychologistId: uuid("psychologist_id")
      .notNull()
      .references(() => psychologists.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    startMinute: smallint("start_minute").notNull(),
    endMinute: smallint("end_minute").notNull(),
  },
  (table) => [
    index("availability_windows_psychologist_idx").on(table.psychologistId),
    check("availability_windows_weekday", sql`${table.weekday} between 0 and 6`),
    check(
      "availability_windows_range",
      sql`${table.startMinute} >= 0 and ${table.endMinute} <= 1440 and ${table.startMinute} < ${table.endMinute}`,
    ),
  ],
);

export const timeOff = pgTable(
  "time_off",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    psychologistId: uuid("psychologist_id")
      .notNull()
      .references(() => psychologists.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("time_off_psychologist_idx").on(table.psychologistId, table.startsAt),
    check("time_off_range", sql`${table.startsAt} < ${table.endsAt}`),
  ],
);

export const appointmentStatuses = ["booked", "held", "no_show", "cancelled"] as const;

export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    psychologistId: uuid("psychologist_id")
      .notNull()
      .references(() => psychologists.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: appointmentStatuses }).notNull().default("booked"),
    /** True when cancelled less than 24 h before (the company rule decides whether the credit is used). */
    lateCancellation: boolean("late_cancellation").notNull().default(false),
    /** The .ics SEQUENCE: incremented on every change, the UID is the id. */
    sequence: integer("sequence").notNull().default(0),
    rescheduledFrom: uuid("rescheduled_from"),
    /** The calendar UID: kept across reschedules (null: the id itself), so calendars update one event. */
    calendarUid: uuid("calendar_uid"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    markedAt: timestamp("marked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A slot is booked once: slots sit on each psychologist's fixed grid, so the start names the slot.
    uniqueIndex("appointments_one_per_slot")
      .on(table.psychologistId, table.startsAt)
      .where(sql`${table.status} <> 'cancelled'`),
    index("appointments_member_idx").on(table.memberId, table.startsAt),
    index("appointments_company_idx").on(table.companyId, table.startsAt),
    check("appointments_range", sql`${table.startsAt} < ${table.endsAt}`),
  ],
);

/**
 * What each company grants its members (set by the admin); no row means the plan's default. A change waits for
 * the end of the cycle in force (docs/decisions/039): `next_*` holds it and `next_from` the São Paulo day it
 * starts. Null sessions and cycle mean the plan's default still holds until then (a company's first rule).
 * careRuleOf (server/features/care/credits.ts) is the one reader that says which rule holds at an instant.
 */
export const careSettings = pgTable(
  "care_settings",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    sessionsPerCycle: smallint("sessions_per_cycle"),
    cycle: text("cycle", { enum: ["month", "quarter", "year"] }),
    lateCancelConsumes: boolean("late_cancel_consumes").notNull().default(false),
    nextSessionsPerCycle: smallint("next_sessions_per_cycle"),
    nextCycle: text("next_cycle", { enum: ["month", "quarter", "year"] }),
    nextFrom: date("next_from", { mode: "string" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("care_settings_sessions", sql`${table.sessionsPerCycle} between 0 and 100`),
    check("care_settings_next_sessions", sql`${table.nextSessionsPerCycle} between 0 and 100`),
    // The rule in force is whole or the plan's; a pending one is whole or absent, and a plan default needs one.
    check("care_settings_current_whole", sql`(${table.sessionsPerCycle} is null) = (${table.cycle} is null)`),
    check(
      "care_settings_next_whole",
      sql`(${table.nextSessionsPerCycle} is null) = (${table.nextCycle} is null) and (${table.nextCycle} is null) = (${table.nextFrom} is null)`,
    ),
    check("care_settings_plan_until_next", sql`${table.cycle} is not null or ${table.nextFrom} is not null`),
  ],
);

export const creditKinds = ["grant", "hold", "consume", "release", "expire"] as const;

/**
 * The only source of a member's balance: sum(amount) of their entries of the
 * current cycle. grant +n, hold −1, release +1, consume 0 (the hold becomes
 * final), expire −rest. No rollover: a new cycle starts from its own grant.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    cycleStart: date("cycle_start", { mode: "string" }).notNull(),
    kind: text("kind", { enum: creditKinds }).notNull(),
    amount: integer("amount").notNull(),
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("credit_ledger_member_idx").on(table.memberId, table.cycleStart),
    index("credit_ledger_company_idx").on(table.companyId, table.cycleStart),
    uniqueIndex("credit_ledger_one_grant")
      .on(table.memberId, table.companyId, table.cycleStart)
      .where(sql`${table.kind} = 'grant'`),
    uniqueIndex("credit_ledger_one_expire")
      .on(table.memberId, table.companyId, table.cycleStart)
      .where(sql`${table.kind} = 'expire'`),
  ],
);

/** Asynchronous support: one thread per (member, psychologist), text only. */
export const careMessages = pgTable(
  "care_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    psychologistId: uuid("psychologist_id")
      .notNull()
      .references(() => psychologists.id, { onDelete: "cascade" }),
    fromMember: boolean("from_member").notNull(),
    body: text("body").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("care_messages_thread_idx").on(table.memberId, table.psychologistId, table.createdAt),
    check("care_messages_body", sql`length(${table.body}) between 1 and 4000`),
  ],
);
