import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { TrainingLevel } from "#core/compliance.ts";
import { signedDocumentKindIds } from "#core/signed-documents.ts";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";
import { bytea } from "./risk-inventory.ts";
import { rosterPeople } from "./roster.ts";

/**
 * The Lei 14.457/2022 file (issue 48 item 4, docs/decisions/090): the rules of conduct as versions
 * each member acknowledges once, and the harassment trainings with their attendance by matrícula.
 * The complaint procedure and the CIPA meetings are read from the Canal de escuta and the NR-1
 * participation records; nothing here is about how anyone feels.
 */
export const conductVersions = pgTable(
  "conduct_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    text: text("text").notNull(),
    publishedBy: text("published_by").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("conduct_versions_number").on(table.companyId, table.version)],
);

/** A member read a version (once): who and when, the acknowledgement art. 23, I asks to be able to show. */
export const conductAcknowledgements = pgTable(
  "conduct_acknowledgements",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => conductVersions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.versionId, table.userId] })],
);

/** A harassment training (art. 23, IV): who it covered by level; `code` marks attendance live by QR on its day. */
export const harassmentTrainings = pgTable(
  "harassment_trainings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    heldOn: date("held_on", { mode: "string" }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    levels: jsonb("levels").$type<TrainingLevel[]>().notNull(),
    /** Random, shown as a QR code at the session; works on the training's day only. */
    code: text("code").notNull().unique(),
    recordedBy: text("recorded_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("harassment_trainings_company_idx").on(table.companyId, table.heldOn),
    check("harassment_trainings_duration", sql`${table.durationMinutes} between 15 and 1440`),
  ],
);

/** One person on a training's attendance list, by their roster entry (matrícula). */
export const harassmentTrainingAttendance = pgTable(
  "harassment_training_attendance",
  {
    trainingId: uuid("training_id")
      .notNull()
      .references(() => harassmentTrainings.id, { onDelete: "cascade" }),
    personId: uuid("person_id")
      .notNull()
      .references(() => rosterPeople.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["csv", "qr"] }).notNull(),
    markedAt: timestamp("marked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.trainingId, table.personId] })],
);

/**
 * A signed version of the Lei 14.457 file or the Lei 14.831 dossier (docs/decisions/098): the PDF as
 * signed (PAdES, the company's responsible person's ICP-Brasil A1 certificate, never stored), its
 * SHA-256, who signed. Version n+1 is a new row; a trigger refuses every UPDATE and any DELETE while the
 * company exists.
 */
export const complianceSignedDocuments = pgTable(
  "compliance_signed_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: signedDocumentKindIds }).notNull(),
    version: integer("version").notNull(),
    signerName: text("signer_name").notNull(),
    registration: text("registration").notNull(),
    certificateIssuer: text("certificate_issuer").notNull(),
    certificateSerial: text("certificate_serial").notNull(),
    certificateNotAfter: timestamp("certificate_not_after", { withTimezone: true }).notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
    sha256: text("sha256").notNull(),
    pdf: bytea("pdf").notNull(),
  },
  (table) => [unique("compliance_signed_documents_version").on(table.companyId, table.kind, table.version)],
);
