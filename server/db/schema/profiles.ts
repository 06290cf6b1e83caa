import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { roles } from "#core/roles.ts";
import { defaultNotificationPreferences, type NotificationPreferences } from "#core/schemas/me.ts";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";

/** The in-app side of a person (spec section 3), one row per auth user. */
export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role", { enum: roles }).notNull().default("user"),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    avatarUrl: text("avatar_url"),
    // The rule of core/xp.ts (levelFor), kept by the database so it can never drift from xp.
    level: integer("level").notNull().generatedAlwaysAs(sql`xp / 100 + 1`),
    xp: integer("xp").notNull().default(0),
    /** Lifetime points earned (unlocks content); the balance is this minus points_spent (docs/decisions/028). */
    engagementPoints: integer("engagement_points").notNull().default(0),
    /** Points held by redemptions not cancelled; the check below keeps the balance from going negative. */
    pointsSpent: integer("points_spent").notNull().default(0),
    themePreference: text("theme_preference", { enum: ["light", "dark"] }),
    notificationPreferences: jsonb("notification_preferences")
      .$type<NotificationPreferences>()
      .notNull()
      .default(defaultNotificationPreferences),
    timezone: text("timezone").notNull().default("America/Sao_Paulo"),
    /** Day of the latest check-in: counts a team's recent respondents without scanning check-ins. */
    lastCheckInDay: date("last_check_in_day", { mode: "string" }),
    /** When the person consented to the processing of their wellbeing data (LGPD art. 11, I). */
    wellbeingConsentAt: timestamp("wellbeing_consent_at", { withTimezone: true }),
    /** The version of the consent text accepted; null when never given or revoked. */
    wellbeingConsentVersion: text("wellbeing_consent_version"),
    /** A personal address for care notices, since corporate calendars are often visible to others (docs/decisions/025). */
    careEmail: text("care_email"),
    /** Set after three no-shows in a row: booking waits until the member accepts the attendance rule again. */
    carePausedAt: timestamp("care_paused_at", { withTimezone: true }),
    /**
     * The person's Microsoft Entra object id (the ID token's `oid`), from their last sign-in through the company's
     * Entra SSO: a Teams chat of another object id cannot be bound to this account (docs/decisions/109).
     */
    entraObjectId: text("entra_object_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("profiles_company_id_idx").on(table.companyId, table.lastCheckInDay),
    check("profiles_xp_non_negative", sql`${table.xp} >= 0`),
    check(
      "profiles_points_balance_non_negative",
      sql`${table.pointsSpent} >= 0 and ${table.pointsSpent} <= ${table.engagementPoints}`,
    ),
  ],
);
