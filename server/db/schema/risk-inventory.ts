import {
  customType,
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
import type { RiskInventoryContent } from "#core/schemas/risk-inventory.ts";

/**
 * A published inventory version: a frozen, dated snapshot (NR-1 1.5.7.3.3.1,
 * kept 20 years). No foreign key to the company, so deleting the company
 * keeps it; a trigger refuses UPDATE, and DELETE before retain_until.
 */
export const riskInventoryVersions = pgTable(
  "risk_inventory_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id").notNull(),
    establishmentId: uuid("establishment_id").notNull(),
    version: integer("version").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    retainUntil: date("retain_until", { mode: "string" }).notNull(),
    publishedBy: text("published_by").notNull(),
    content: jsonb("content").$type<RiskInventoryContent>().notNull(),
  },
  (table) => [
    unique("risk_inventory_version").on(table.establishmentId, table.version),
    index("risk_inventory_company_idx").on(table.companyId),
  ],
);

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A published inventory version signed by the SST professional with their ICP-Brasil A1 certificate
 * (docs/decisions/081): the signed PDF's bytes, who signed and what the certificate said. One per
 * version; append-only like the version (the migration's trigger), and gone only with it.
 * Never the certificate file, its key or its password.
 */
export const riskInventorySignatures = pgTable(
  "risk_inventory_signatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionId: uuid("version_id")
      .notNull()
      .unique("risk_inventory_signature_once")
      .references(() => riskInventoryVersions.id, { onDelete: "cascade" }),
    companyId: uuid("company_id").notNull(),
    establishmentId: uuid("establishment_id").notNull(),
    signerName: text("signer_name").notNull(),
    registration: text("registration").notNull(),
    certificateHolder: text("certificate_holder").notNull(),
    certificateIssuer: text("certificate_issuer").notNull(),
    certificateSerial: text("certificate_serial").notNull(),
    certificateNotAfter: timestamp("certificate_not_after", { withTimezone: true }).notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
    sha256: text("sha256").notNull(),
    pdf: bytea("pdf").notNull(),
  },
  (table) => [index("risk_inventory_signatures_company_idx").on(table.companyId, table.establishmentId)],
);

/**
 * How often the signed annex was opened and downloaded from the members' PGR page, per company day
 * (docs/decisions/082): a count, never who.
 */
export const riskAnnexAccesses = pgTable(
  "risk_annex_accesses",
  {
    signatureId: uuid("signature_id")
      .notNull()
      .references(() => riskInventorySignatures.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    downloads: integer("downloads").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.signatureId, table.day] })],
);
