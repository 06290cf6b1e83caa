import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";
import type { RosterImportRow } from "./roster.ts";

/**
 * A company's keys for its HR system (issue 33, docs/decisions/044). The
 * secret is shown once, when made; only its SHA-256 is kept, with a short
 * prefix to tell keys apart on screen. A revoked key stays, so the Registro
 * de acessos and the list can still name it.
 */
export const rosterApiKeys = pgTable(
  "roster_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /**
     * What the key opens: the HR API ('hr', 'sereno_live_…') or the aggregate-only Resultados feed
     * ('resultados', 'sereno_bi_…', read-only; docs/decisions/088). The same hashing, listing and revoking.
     */
    kind: text("kind", { enum: ["hr", "resultados"] })
      .notNull()
      .default("hr"),
    /** 'sereno_live_' and the first characters of the secret: enough to recognise it, never to use it. */
    prefix: text("prefix").notNull(),
    /** SHA-256 (hex) of the whole key: the key is 256 random bits, so no salt or slow hash is needed. */
    secretHash: text("secret_hash").notNull().unique(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("roster_api_keys_company_idx").on(table.companyId, table.createdAt)],
);

/**
 * The answers of HR API calls sent with an `Idempotency-Key`, per API key,
 * for 24 hours: the same key and body replay the answer; another body is
 * refused. `status` is null while the first call is still running.
 */
export const rosterApiRequests = pgTable(
  "roster_api_requests",
  {
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => rosterApiKeys.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** SHA-256 of the method, the path and the body. */
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    response: jsonb("response").$type<unknown>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.apiKeyId, table.idempotencyKey] }),
    index("roster_api_requests_created_idx").on(table.createdAt),
  ],
);

/**
 * The people HR keys added to a company's roster, and what the platform
 * admin allowed beyond the daily cap (issue 51, docs/decisions/057), summed
 * over the last 24 hours: 'added' for a PUT that created someone or a sync
 * queued with its new people, 'allowed' for the admin's confirmation.
 */
export const rosterApiAdditions = pgTable(
  "roster_api_additions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"added" | "allowed">().notNull(),
    people: integer("people").notNull(),
    apiKeyId: uuid("api_key_id").references(() => rosterApiKeys.id, { onDelete: "set null" }),
    allowedBy: text("allowed_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("roster_api_additions_company_idx").on(table.companyId, table.createdAt)],
);

/**
 * People an HR key sent past the day's cap (issue 51 item 4, docs/decisions/085):
 * held, not created, until the company's manager (or an admin) confirms them on
 * Equipe › Importar pessoas, or discards them. The row is the checked one of an
 * import (the CPF only as its hash and last two digits); one per matrícula and
 * per CPF, the latest call winning.
 */
export const rosterApiHeld = pgTable(
  "roster_api_held",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    matricula: text("matricula").notNull(),
    cpfHash: text("cpf_hash").notNull(),
    row: jsonb("row").$type<RosterImportRow>().notNull(),
    apiKeyId: uuid("api_key_id").references(() => rosterApiKeys.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("roster_api_held_matricula_idx").on(table.companyId, table.matricula),
    uniqueIndex("roster_api_held_cpf_idx").on(table.companyId, table.cpfHash),
  ],
);
