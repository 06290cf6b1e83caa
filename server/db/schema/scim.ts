import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";
import { riskSectors } from "./risk-structure.ts";
import { rosterPeople } from "./roster.ts";

/**
 * SCIM 2.0 provisioning (issue 34, docs/decisions/048). One active bearer
 * token per company, made by the platform admin: only its SHA-256 is kept,
 * as for the HR API's keys (044). A revoked token stays, so the Registro de
 * acessos and the admin's screen can still name it.
 */
export const scimTokens = pgTable(
  "scim_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** 'sereno_scim_' and the first characters of the secret: enough to recognise it, never to use it. */
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull().unique(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("scim_tokens_one_active_per_company").on(table.companyId).where(sql`${table.revokedAt} is null`),
  ],
);

/**
 * A person as the company's identity provider sees them: the SCIM resource
 * (its id is the SCIM id), the account it provisioned or found, and the
 * roster person it is when the matrícula or e-mail matched one (043).
 */
/** One value of a User's `emails` (RFC 7643 §2.4: value, type, primary, display). */
export type ScimEmail = { value: string; type?: string; primary?: boolean; display?: string };

export const scimUsers = pgTable(
  "scim_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userName: text("user_name").notNull(),
    externalId: text("external_id"),
    displayName: text("display_name"),
    givenName: text("given_name"),
    familyName: text("family_name"),
    formattedName: text("formatted_name"),
    /** The primary (else work, else first) of `emails`: the account's sign-in address; null when the IdP sent none. */
    email: text("email"),
    /** Every e-mail the IdP sent (RFC 7643 §4.1.2 `emails` is multi-valued), returned as sent (decision 056). */
    emails: jsonb("emails").$type<ScimEmail[]>().notNull().default([]),
    /** The enterprise extension's employeeNumber: the matrícula. */
    employeeNumber: text("employee_number"),
    department: text("department"),
    active: boolean("active").notNull().default(true),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    rosterPersonId: uuid("roster_person_id").references(() => rosterPeople.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("scim_users_user_name_per_company").on(table.companyId, sql`lower(${table.userName})`),
    uniqueIndex("scim_users_account_per_company").on(table.companyId, table.userId),
    uniqueIndex("scim_users_roster_person").on(table.rosterPersonId),
    index("scim_users_external_id_idx").on(table.companyId, table.externalId),
  ],
);

/** A SCIM group is a sector of the company (risk_sectors); `sector_id` is null when no sector could be found or made. */
export const scimGroups = pgTable(
  "scim_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    externalId: text("external_id"),
    sectorId: uuid("sector_id").references(() => riskSectors.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("scim_groups_name_per_company").on(table.companyId, sql`lower(${table.displayName})`)],
);

export const scimGroupMembers = pgTable(
  "scim_group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => scimGroups.id, { onDelete: "cascade" }),
    scimUserId: uuid("scim_user_id")
      .notNull()
      .references(() => scimUsers.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.scimUserId] }),
    index("scim_group_members_user_idx").on(table.scimUserId),
  ],
);
