import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { RiskCriteriaContent } from "#core/schemas/risks.ts";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";
import { riskEstablishments, riskSectors } from "./risk-structure.ts";

/**
 * NR-1 campaigns (docs/decisions/026): the criteria they are judged by, who was
 * asked, the anonymous answers and the assessment made from them.
 * The anonymity design lives in two tables that share no column:
 * risk_invitations (who was asked and whether they answered) and
 * risk_responses (answers, with the sector and the ISO week only).
 */

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
