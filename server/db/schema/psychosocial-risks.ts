import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
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
import type { RiskCriteriaContent } from "#core/schemas/risks.ts";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";

/** An evidence file in storage (docs/decisions/030); downloaded through /api/risks, its address computed on read. */
type EvidenceFileRow = { key: string; name: string };

/**
 * NR-1 psychosocial risk management (docs/decisions/026). Structure, criteria,
 * campaigns, anonymous answers, assessment, inventory versions and action plan.
 * The anonymity design lives in two tables that share no column:
 * risk_invitations (who was asked and whether they answered) and
 * risk_responses (answers, with the sector and the ISO week only).
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

/** Severity, probability, matrix and decision rule; published rows are frozen by a trigger. */
export const riskCriteria = pgTable(
  "risk_criteria",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    content: jsonb("content").$type<RiskCriteriaContent>().notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("risk_criteria_version").on(table.companyId, table.version)],
);

export const riskCampaigns = pgTable(
  "risk_campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    establishmentId: uuid("establishment_id")
      .notNull()
      .references(() => riskEstablishments.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    instrumentId: text("instrument_id").notNull(),
    sectorIds: jsonb("sector_ids").$type<string[]>().notNull(),
    status: text("status", { enum: ["draft", "open", "closed", "published"] })
      .notNull()
      .default("draft"),
    closesOn: date("closes_on", { mode: "string" }).notNull(),
    notice: text("notice").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("risk_campaigns_company_idx").on(table.companyId)],
);

/**
 * Who was invited to a campaign and whether they have answered. No answer
 * id and no answering time: nothing here points at risk_responses.
 */
export const riskInvitations = pgTable(
  "risk_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => riskCampaigns.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    sectorId: uuid("sector_id")
      .notNull()
      .references(() => riskSectors.id, { onDelete: "cascade" }),
    hasAnswered: boolean("has_answered").notNull().default(false),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (table) => [unique("risk_invitations_once").on(table.campaignId, table.userId)],
);

/**
 * One anonymous questionnaire: no person id, no time finer than the ISO week
 * (the Monday it began), and no link to risk_invitations.
 */
export const riskResponses = pgTable(
  "risk_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => riskCampaigns.id, { onDelete: "cascade" }),
    sectorId: uuid("sector_id")
      .notNull()
      .references(() => riskSectors.id, { onDelete: "cascade" }),
    isoWeek: date("iso_week", { mode: "string" }).notNull(),
    answers: jsonb("answers").$type<Record<string, number>>().notNull(),
    scores: jsonb("scores").$type<Record<string, number>>().notNull(),
  },
  (table) => [
    index("risk_responses_campaign_idx").on(table.campaignId),
    check("risk_responses_week_is_monday", sql`extract(isodow from ${table.isoWeek}) = 1`),
  ],
);

/**
 * Answers waiting to join risk_responses (docs/decisions/026, section 13). The
 * submission parks the answer in the transaction that marks the invitation;
 * the job runner moves parked answers to risk_responses in batches of at
 * least k (or all of them once the campaign is closed), in random order, so
 * no answer in risk_responses shares a transaction id (xmin) or an insertion
 * order with the invitation it came from. Same columns as risk_responses.
 */
export const riskParkedResponses = pgTable(
  "risk_parked_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => riskCampaigns.id, { onDelete: "cascade" }),
    sectorId: uuid("sector_id")
      .notNull()
      .references(() => riskSectors.id, { onDelete: "cascade" }),
    isoWeek: date("iso_week", { mode: "string" }).notNull(),
    answers: jsonb("answers").$type<Record<string, number>>().notNull(),
    scores: jsonb("scores").$type<Record<string, number>>().notNull(),
  },
  (table) => [
    index("risk_parked_responses_campaign_idx").on(table.campaignId),
    check("risk_parked_responses_week_is_monday", sql`extract(isodow from ${table.isoWeek}) = 1`),
  ],
);

/** NR-1 1.5.4.4.2: probability × severity per sector and hazard, with the evidence used. */
export const riskAssessments = pgTable(
  "risk_assessments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => riskCampaigns.id, { onDelete: "cascade" }),
    sectorId: uuid("sector_id")
      .notNull()
      .references(() => riskSectors.id, { onDelete: "cascade" }),
    hazard: text("hazard").notNull(),
    probability: integer("probability").notNull(),
    severity: integer("severity").notNull(),
    rationale: text("rationale").notNull().default(""),
    sources: text("sources").notNull().default(""),
    harms: text("harms").notNull().default(""),
    measuresInPlace: text("measures_in_place").notNull().default(""),
    evidence: jsonb("evidence").$type<string[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("risk_assessments_line").on(table.campaignId, table.sectorId, table.hazard)],
);

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

/** NR-1 1.5.5.2.2: the action plan, per inventory line (sector × hazard). */
export const riskActions = pgTable(
  "risk_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    establishmentId: uuid("establishment_id")
      .notNull()
      .references(() => riskEstablishments.id, { onDelete: "cascade" }),
    sectorId: uuid("sector_id")
      .notNull()
      .references(() => riskSectors.id, { onDelete: "cascade" }),
    hazard: text("hazard").notNull(),
    title: text("title").notNull(),
    hierarchy: text("hierarchy", { enum: ["organizacional", "coletiva", "individual"] }).notNull(),
    owner: text("owner").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    status: text("status", { enum: ["planejada", "em_andamento", "concluida", "cancelada"] })
      .notNull()
      .default("planejada"),
    followUp: text("follow_up").notNull().default(""),
    measurement: text("measurement").notNull().default(""),
    effectiveness: text("effectiveness").notNull().default(""),
    /** The instrument's dimensions this action should move, re-measured by later campaigns (docs/decisions/091). */
    dimensions: jsonb("dimensions").$type<string[]>().notNull().default([]),
    evidenceFiles: jsonb("evidence_files").$type<EvidenceFileRow[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("risk_actions_establishment_idx").on(table.establishmentId)],
);

/** NR-1 1.5.3.3: worker consultation and communication records. */
export const riskParticipationRecords = pgTable("risk_participation_records", {
  id: uuid("id").primaryKey().defaultRandom(),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  establishmentId: uuid("establishment_id")
    .notNull()
    .references(() => riskEstablishments.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: ["cipa", "reuniao", "comunicado", "outro"] }).notNull(),
  heldOn: date("held_on", { mode: "string" }).notNull(),
  description: text("description").notNull(),
  attendees: integer("attendees").notNull().default(0),
  /** A CIPA meeting with harassment on its agenda: listed in the Lei 14.457 file (docs/decisions/090). */
  harassmentOnAgenda: boolean("harassment_on_agenda").notNull().default(false),
  /** Minutes, attendance lists, notices: stored like action evidence (private folder, unguessable key). */
  files: jsonb("files").$type<EvidenceFileRow[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Why an establishment's risks must be reviewed before the 24-month date
 * (NR-1 1.5.4.4.6: changes in work organisation, accidents or illness, worker
 * or CIPA requests, monitoring results). Recording one may pull the next
 * review date earlier, never later (docs/decisions/026, section 14).
 */
export const riskReviewTriggers = pgTable(
  "risk_review_triggers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    establishmentId: uuid("establishment_id")
      .notNull()
      .references(() => riskEstablishments.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["organizacao", "acidente", "solicitacao", "monitoramento", "outro"] }).notNull(),
    occurredOn: date("occurred_on", { mode: "string" }).notNull(),
    description: text("description").notNull(),
    /** The review date this trigger set, when it pulled it earlier; null when it left the date as it was. */
    reviewDueOn: date("review_due_on", { mode: "string" }),
    recordedBy: text("recorded_by").notNull(),
    /** How the review it asked for was closed (docs/decisions/091): the day and what was done. */
    closedOn: date("closed_on", { mode: "string" }),
    closure: text("closure"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("risk_review_triggers_establishment_idx").on(table.establishmentId, table.occurredOn)],
);

/**
 * The SST professional's verdict on an action once a later campaign re-measured its dimensions
 * (docs/decisions/091): one per action and later campaign. 'sem_efeito' opened the review trigger named.
 */
export const riskActionVerdicts = pgTable(
  "risk_action_verdicts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    actionId: uuid("action_id")
      .notNull()
      .references(() => riskActions.id, { onDelete: "cascade" }),
    beforeCampaignId: uuid("before_campaign_id")
      .notNull()
      .references(() => riskCampaigns.id, { onDelete: "cascade" }),
    afterCampaignId: uuid("after_campaign_id")
      .notNull()
      .references(() => riskCampaigns.id, { onDelete: "cascade" }),
    verdict: text("verdict", { enum: ["eficaz", "sem_efeito", "inconclusivo"] }).notNull(),
    note: text("note").notNull().default(""),
    triggerId: uuid("trigger_id").references(() => riskReviewTriggers.id, { onDelete: "set null" }),
    confirmedBy: text("confirmed_by").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("risk_action_verdicts_once").on(table.actionId, table.afterCampaignId)],
);
