import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { caseCategoryIds, caseKinds, caseStatusIds, DEFAULT_RETENTION_YEARS } from "#core/listening.ts";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";

/**
 * The Canal de escuta (issue 35, docs/decisions/049). Identity protection is
 * in the schema, as 026 did for NR-1 answers: the case tables (cases,
 * messages, exclusions) have no column that references an account and no
 * time finer than the day. Handlers are named through `listening_handlers`
 * (their own accounts, never the reporter's); a reporter who chooses to be
 * identified is the only link, in `listening_identities`, which nothing else
 * references. Deleting that row (or the account) leaves an anonymous case.
 */

/** Who handles a company's cases, appointed by the platform admin; un-appointing keeps the row (exclusions name it). */
export const listeningHandlers = pgTable(
  "listening_handlers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    isActive: boolean("is_active").notNull().default(true),
    appointedOn: date("appointed_on", { mode: "string" }).notNull(),
  },
  (table) => [uniqueIndex("listening_handlers_company_user_idx").on(table.companyId, table.userId)],
);

/** A company's retention of closed cases; no row means DEFAULT_RETENTION_YEARS. */
export const listeningSettings = pgTable(
  "listening_settings",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    retentionYears: integer("retention_years").notNull().default(DEFAULT_RETENTION_YEARS),
  },
  (table) => [check("listening_settings_retention_range", sql`${table.retentionYears} between 1 and 20`)],
);

/** One case: no reporter column, no timestamp; the secret only as a keyed hash. */
export const listeningCases = pgTable(
  "listening_cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    protocol: text("protocol").notNull().unique(),
    secretHash: text("secret_hash").notNull(),
    kind: text("kind", { enum: caseKinds }).notNull(),
    category: text("category", { enum: caseCategoryIds }).notNull(),
    status: text("status", { enum: caseStatusIds }).notNull().default("recebida"),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    deadlineOn: date("deadline_on", { mode: "string" }),
    /** Set when concluded or archived; the retention clock runs from it. */
    closedOn: date("closed_on", { mode: "string" }),
  },
  (table) => [
    check(
      "listening_cases_category_of_kind",
      sql`(${table.kind} = 'mensagem') = (${table.category} in ('sugestao', 'elogio', 'preocupacao'))`,
    ),
    check(
      "listening_cases_closed_on",
      sql`(${table.status} in ('concluida', 'arquivada')) = (${table.closedOn} is not null)`,
    ),
    index("listening_cases_company_idx").on(table.companyId, table.receivedOn),
  ],
);

/** The thread: the reporter's and the handlers' messages, and handlers' internal notes, ordered by `seq`. */
export const listeningMessages = pgTable(
  "listening_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => listeningCases.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    author: text("author", { enum: ["reporter", "handler"] }).notNull(),
    handlerId: uuid("handler_id").references(() => listeningHandlers.id, { onDelete: "set null" }),
    isInternal: boolean("is_internal").notNull().default(false),
    body: text("body").notNull(),
    writtenOn: date("written_on", { mode: "string" }).notNull(),
  },
  (table) => [
    uniqueIndex("listening_messages_case_seq_idx").on(table.caseId, table.seq),
    check("listening_messages_reporter_public", sql`not (${table.author} = 'reporter' and ${table.isInternal})`),
    check("listening_messages_reporter_no_handler", sql`${table.author} = 'handler' or ${table.handlerId} is null`),
  ],
);

/** Handlers the reporter kept out of a case: they never see it. */
export const listeningExclusions = pgTable(
  "listening_exclusions",
  {
    caseId: uuid("case_id")
      .notNull()
      .references(() => listeningCases.id, { onDelete: "cascade" }),
    handlerId: uuid("handler_id")
      .notNull()
      .references(() => listeningHandlers.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.caseId, table.handlerId] })],
);

/** The only link from a case to an account: written only when the reporter chose to be identified. */
export const listeningIdentities = pgTable("listening_identities", {
  caseId: uuid("case_id")
    .primaryKey()
    .references(() => listeningCases.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
});

/**
 * Files sent with a message (docs/decisions/052), their metadata stripped
 * before storage, under a neutral name; like the rest of the case, no account
 * and no time. Deleted with their case (the retention job removes the files).
 */
export const listeningAttachments = pgTable(
  "listening_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => listeningCases.id, { onDelete: "cascade" }),
    messageId: uuid("message_id")
      .notNull()
      .references(() => listeningMessages.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    storageKey: text("storage_key").notNull().unique(),
  },
  (table) => [
    uniqueIndex("listening_attachments_message_position_idx").on(table.messageId, table.position),
    index("listening_attachments_case_idx").on(table.caseId),
  ],
);
