import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";
import { riskCampaigns } from "./risk-campaigns.ts";
import { riskEstablishments, riskSectors } from "./risk-structure.ts";

/**
 * NR-1 acting on the inventory (docs/decisions/026, 091): the action plan and its verdicts,
 * worker consultation records, and the triggers that pull a review earlier.
 */

/** An evidence file in storage (docs/decisions/030); downloaded through /api/risks, its address computed on read. */
type EvidenceFileRow = { key: string; name: string };

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
