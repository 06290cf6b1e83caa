import { sql } from "drizzle-orm";
import { boolean, check, date, integer, pgTable, primaryKey, real, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

/**
 * Each closed day of a company, published once: the only source of every mood
 * figure a manager or admin sees (docs/decisions/014). The noisy sum is drawn
 * once and stored, so asking again returns the same value; a suppressed day
 * keeps no sum at all. Rows are never updated.
 */
export const publishedDailyBuckets = pgTable(
  "published_daily_buckets",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** Check-ins of the day (a count, no mood). Never shown: the figures use the noisy count below. */
    checkIns: integer("check_ins").notNull(),
    /**
     * The day's check-ins as released (docs/decisions/040): plus keyed noise, never below 0. A day
     * whose noisy count is under k shows no count. Days published before 040 hold their exact count,
     * which had already been shown.
     */
    noisyCheckIns: integer("noisy_check_ins").notNull(),
    /** Exercises completed that day (a count, no mood), frozen with the rest of the row (docs/decisions/021). */
    exercises: integer("exercises").notNull().default(0),
    /** The company's members on that day: the denominator of its participation. */
    members: integer("members").notNull().default(0),
    /** Distinct respondents who count toward k: members (not managers or admins) whose account predates the day. */
    eligible: integer("eligible").notNull(),
    suppressed: boolean("suppressed").notNull(),
    /** Σ(mood − 3) plus discrete Laplace noise; null when suppressed. */
    noisyMoodDelta: integer("noisy_mood_delta"),
    /**
     * Energy and stress (docs/decisions/023): optional answers, so each has its
     * own count, its own k and its own noise draw. All four columns of a metric
     * are null on days published before the metric existed (shown as hidden).
     */
    energyAnswers: integer("energy_answers"),
    /** The energy answers as released (noisy, 040): the margin's count; null on days before energy existed. */
    noisyEnergyAnswers: integer("noisy_energy_answers"),
    energyEligible: integer("energy_eligible"),
    energySuppressed: boolean("energy_suppressed"),
    /** Σ(energy − 3) plus discrete Laplace noise; null when suppressed. */
    noisyEnergyDelta: integer("noisy_energy_delta"),
    stressAnswers: integer("stress_answers"),
    noisyStressAnswers: integer("noisy_stress_answers"),
    stressEligible: integer("stress_eligible"),
    stressSuppressed: boolean("stress_suppressed"),
    /** Σ(stress − 3) plus discrete Laplace noise; null when suppressed. */
    noisyStressDelta: integer("noisy_stress_delta"),
    /** The ε spent on the mood figure, for the record (energy and stress spend the same each, 023). */
    epsilon: real("epsilon").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.day] }),
    check(
      "published_daily_buckets_suppressed_has_no_sum",
      sql`${table.suppressed} = (${table.noisyMoodDelta} is null)`,
    ),
    check(
      "published_daily_buckets_energy_suppressed_has_no_sum",
      sql`(${table.energySuppressed} is null and ${table.energyAnswers} is null and ${table.energyEligible} is null and ${table.noisyEnergyDelta} is null)
        or (${table.energyAnswers} is not null and ${table.energyEligible} is not null and ${table.energySuppressed} is not null and ${table.energySuppressed} = (${table.noisyEnergyDelta} is null))`,
    ),
    check(
      "published_daily_buckets_stress_suppressed_has_no_sum",
      sql`(${table.stressSuppressed} is null and ${table.stressAnswers} is null and ${table.stressEligible} is null and ${table.noisyStressDelta} is null)
        or (${table.stressAnswers} is not null and ${table.stressEligible} is not null and ${table.stressSuppressed} is not null and ${table.stressSuppressed} = (${table.noisyStressDelta} is null))`,
    ),
  ],
);
