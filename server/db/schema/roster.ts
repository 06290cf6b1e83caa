import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { RosterField } from "#core/roster.ts";
import type { RosterCounts, RosterRejection } from "#core/schemas/roster.ts";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";
import { riskEstablishments, riskSectors } from "./risk-structure.ts";

/**
 * The company's people as its HR system knows them (issue 33): keyed by CPF
 * (a keyed HMAC, never the number) and matrícula within the company. A person
 * may have no e-mail and no account yet (`user_id` null: invited, or awaiting
 * activation at /ativar); `left_at` set means they left with a full file.
 */
export const rosterPeople = pgTable(
  "roster_people",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** HMAC-SHA-256 of the 11 digits under a key derived from the app secret (server/features/roster/cpf-hash.ts). */
    cpfHash: text("cpf_hash").notNull(),
    /** The last two digits, the only part ever shown. */
    cpfLast2: text("cpf_last2").notNull(),
    matricula: text("matricula").notNull(),
    name: text("name").notNull(),
    /** Corporate e-mail: the invitation goes there. */
    email: text("email"),
    /** Personal e-mail: where a leaver's notice goes; later, a way to activate (issue 33, item 3). */
    personalEmail: text("personal_email"),
    /** As the file gave them (14 digits; names joined by '/'), to tell a changed row from an unchanged one. */
    establishmentCnpj: text("establishment_cnpj"),
    sectorPath: text("sector_path"),
    establishmentId: uuid("establishment_id").references(() => riskEstablishments.id, { onDelete: "set null" }),
    sectorId: uuid("sector_id").references(() => riskSectors.id, { onDelete: "set null" }),
    /** The manager's matrícula or e-mail, as given. */
    managerRef: text("manager_ref"),
    jobTitle: text("job_title"),
    admittedOn: date("admitted_on", { mode: "string" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    leftAt: timestamp("left_at", { withTimezone: true }),
    /** The leaver's 'Baixar meus dados' link: its SHA-256 and when it stops working (30 days). */
    dataLinkHash: text("data_link_hash").unique(),
    dataLinkExpiresAt: timestamp("data_link_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("roster_people_cpf_per_company").on(table.companyId, table.cpfHash),
    uniqueIndex("roster_people_matricula_per_company")
      .on(table.companyId, table.matricula)
      .where(sql`${table.leftAt} is null`),
    index("roster_people_user_idx").on(table.userId),
    check("roster_people_cpf_last2", sql`${table.cpfLast2} ~ '^[0-9]{2}$'`),
  ],
);

/** A file's rows as the preview checked them: the CPF already hashed, never the number. */
export type RosterImportRow = {
  line: number;
  name: string;
  cpfHash: string;
  cpfLast2: string;
  matricula: string;
  email: string | null;
  personalEmail: string | null;
  establishmentCnpj: string | null;
  sectorPath: string | null;
  managerRef: string | null;
  jobTitle: string | null;
  admittedOn: string | null;
};

export type RosterImportResult = {
  created: number;
  updated: number;
  left: number;
  invited: number;
  awaitingActivation: number;
};

/**
 * One upload: previewed (its checked rows kept until applied), then applied by
 * the `roster-import` job, which counts `rows_done` so the progress bar
 * survives a reload. Once finished its rows are emptied; the file's SHA-256,
 * the counts and the rejections (line, column, reason: no values) stay.
 */
export const rosterImports = pgTable(
  "roster_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    fileName: text("file_name").notNull(),
    fileSha256: text("file_sha256").notNull(),
    mapping: jsonb("mapping").$type<Partial<Record<RosterField, number>>>().notNull(),
    rows: jsonb("rows").$type<RosterImportRow[]>().notNull(),
    rejections: jsonb("rejections").$type<RosterRejection[]>().notNull(),
    /** CPF hashes and matrículas of the rejected rows: in a full file those people do not leave (a typo is not a departure). */
    kept: jsonb("kept").$type<{ cpfHashes: string[]; matriculas: string[] }>().notNull(),
    counts: jsonb("counts").$type<RosterCounts>().notNull(),
    status: text("status", { enum: ["previewed", "queued", "running", "done", "failed"] })
      .notNull()
      .default("previewed"),
    mode: text("mode", { enum: ["changes", "full"] }),
    rowsDone: integer("rows_done").notNull().default(0),
    rowsTotal: integer("rows_total").notNull().default(0),
    result: jsonb("result").$type<RosterImportResult>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [index("roster_imports_company_idx").on(table.companyId, table.createdAt)],
);
