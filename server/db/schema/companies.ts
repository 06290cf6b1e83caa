import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const companies = pgTable("companies", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  plan: text("plan", { enum: ["essencial", "prime", "enterprise"] }).notNull(),
  /** Where the company's days begin and end: a mood bucket closes at midnight here (docs/decisions/014). */
  timezone: text("timezone").notNull().default("America/Sao_Paulo"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * Profiles in the company now (every role), kept by the membership trigger of
   * migration 0007/0022 so the manager's reads never count them (docs/decisions/021).
   */
  memberCount: integer("member_count").notNull().default(0),
  /**
   * The company's /ativar/{code} (docs/decisions/045): printed on its posters,
   * so not secret; CPF and matrícula are what prove a person.
   */
  activationCode: text("activation_code").notNull().unique().default(sql`substr(md5(gen_random_uuid()::text), 1, 10)`),
  /** The weekdays it works (0 = domingo): no reminder goes out on the others, by any channel (docs/decisions/092). */
  workingDays: jsonb("working_days").$type<number[]>().notNull().default([0, 1, 2, 3, 4, 5, 6]),
});
