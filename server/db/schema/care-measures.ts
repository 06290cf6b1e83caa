/**
 * PHQ-9 and GAD-7 answered inside care (docs/decisions/079, 080): one row per questionnaire
 * a member answered for one psychologist in one window (before the first session, then after
 * every fourth held). Read only by the member and that psychologist; in no company figure.
 * Deleted with the member's account (the foreign key cascades).
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { psychologists } from "./care.ts";

export const careMeasures = pgTable(
  "care_measures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    psychologistId: uuid("psychologist_id")
      .notNull()
      .references(() => psychologists.id, { onDelete: "cascade" }),
    instrument: text("instrument", { enum: ["phq9", "gad7"] }).notNull(),
    /** measureWindow(sessions held with this psychologist) when answered: 0 before the first. */
    window: integer("window").notNull(),
    /** The item answers in order, each 0–3, as the member gave them. */
    answers: jsonb("answers").$type<number[]>().notNull(),
    /** PHQ-9's unscored last question, when answered. */
    difficulty: smallint("difficulty"),
    score: smallint("score").notNull(),
    /** PHQ-9 item 9 above 0: the psychologist's agenda shows an alert until acknowledged. */
    safetyPath: text("safety_path", { enum: ["none", "alert"] })
      .notNull()
      .default("none"),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    /** The psychologist (profile) who acknowledged the alert. */
    acknowledgedBy: uuid("acknowledged_by").references(() => psychologists.id, { onDelete: "set null" }),
    /** When the alert, still unacknowledged SAFETY_ESCALATION_HOURS after the answer, went to the admins (docs/decisions/102). */
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    // One answer per questionnaire and window: a second is a 409, even from two tabs at once.
    uniqueIndex("care_measures_once_per_window").on(
      table.memberId,
      table.psychologistId,
      table.instrument,
      table.window,
    ),
    index("care_measures_alerts_idx")
      .on(table.psychologistId, table.createdAt)
      .where(sql`${table.safetyPath} = 'alert' and ${table.acknowledgedAt} is null`),
    check("care_measures_difficulty", sql`${table.difficulty} between 0 and 3`),
  ],
);
