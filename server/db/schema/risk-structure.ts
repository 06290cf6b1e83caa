import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";

/**
 * NR-1 psychosocial risk management (docs/decisions/026), its structure: the
 * establishments (by CNPJ), their sectors and GHE, and who works in which sector.
 * The other NR-1 tables: risk-campaigns.ts (criteria, campaigns, anonymous
 * answers, assessment), risk-inventory.ts (published versions and signatures),
 * risk-actions.ts (action plan, participation records, review triggers).
 */
export const riskEstablishments = pgTable(
  "risk_establishments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 14 digits, check digits validated (core/cnpj.ts). */
    cnpj: text("cnpj").notNull(),
    /** NR-1 1.5.4.4.6: review at least every 24 months. */
    nextReviewOn: date("next_review_on", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("risk_establishments_cnpj_per_company").on(table.companyId, table.cnpj),
    check("risk_establishments_cnpj_digits", sql`${table.cnpj} ~ '^[0-9]{14}$'`),
  ],
);

export const riskSectors = pgTable(
  "risk_sectors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    establishmentId: uuid("establishment_id")
      .notNull()
      .references(() => riskEstablishments.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => riskSectors.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["setor", "ghe"] }).notNull(),
    /** NR-1 1.5.7.3.2 a) and b): processes, work environments and activities. */
    activities: text("activities").notNull().default(""),
    headcount: integer("headcount").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("risk_sectors_establishment_idx").on(table.establishmentId),
    check("risk_sectors_headcount", sql`${table.headcount} >= 0`),
  ],
);

/** Which sector a member works in (assigned by the manager in /team). */
export const riskSectorMembers = pgTable("risk_sector_members", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  sectorId: uuid("sector_id")
    .notNull()
    .references(() => riskSectors.id, { onDelete: "cascade" }),
});
