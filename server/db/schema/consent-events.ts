import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/** Each time a person gave or revoked consent for their wellbeing data, with the text version (LGPD art. 8 §2, art. 18 IX). */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["given", "revoked"] }).notNull(),
    version: text("version").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("consent_events_user_idx").on(table.userId, table.at)],
);
