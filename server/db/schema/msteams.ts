import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";

/**
 * A company's Teams bot (docs/decisions/095): the Microsoft App ID of its Azure Bot registration, the
 * tenant it lives in and its client secret, sealed like the SSO secrets (server/features/sso/secret-box.ts).
 * The platform admin sets it in Administração and downloads the app package the company's IT installs.
 */
export const msteamsConnections = pgTable("msteams_connections", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  appId: text("app_id").notNull(),
  tenantId: text("tenant_id").notNull(),
  clientSecret: text("client_secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's Teams account, bound by signing in once from the app's link card (docs/decisions/095):
 * the Teams user id and AAD object id, the personal chat the bot writes to, and the opt-in. Deleted with
 * the account; a Teams user is bound to one person of a company.
 */
export const msteamsAccounts = pgTable(
  "msteams_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    teamsUserId: text("teams_user_id").notNull(),
    aadObjectId: text("aad_object_id"),
    conversationId: text("conversation_id").notNull(),
    serviceUrl: text("service_url").notNull(),
    optedIn: boolean("opted_in").notNull().default(false),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("msteams_accounts_company_teams_user_idx").on(table.companyId, table.teamsUserId)],
);

/**
 * A link the bot offered in a personal chat not yet bound (docs/decisions/095): the hash of the one-time
 * code its card's button carries, and the chat it came from. Used once, by the person who signs in; 30 minutes.
 */
export const msteamsLinkCodes = pgTable(
  "msteams_link_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    teamsUserId: text("teams_user_id").notNull(),
    aadObjectId: text("aad_object_id"),
    /** The name Teams shows for that user, so the person who signs in sees whose chat they bind. */
    teamsName: text("teams_name"),
    conversationId: text("conversation_id").notNull(),
    serviceUrl: text("service_url").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("msteams_link_codes_expires_idx").on(table.expiresAt)],
);

/**
 * A check-in card the bot sent (docs/decisions/095): the hash of the one-time token its buttons carry, whose
 * card it is and where, so its submission records that person's check-in of that day once and the card is
 * replaced. No mood is kept here; the row goes with the account, or after 7 days.
 */
export const msteamsCards = pgTable(
  "msteams_cards",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    conversationId: text("conversation_id").notNull(),
    activityId: text("activity_id"),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("msteams_cards_created_idx").on(table.createdAt)],
);
