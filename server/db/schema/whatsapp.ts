import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";

/**
 * A company's WhatsApp Business number on Meta's Cloud API (docs/decisions/092): the platform
 * admin connects it in Administração. The token and the app secret are sealed like the SSO
 * secrets (server/features/sso/secret-box.ts); the verify token answers Meta's webhook handshake.
 */
export const whatsappConnections = pgTable("whatsapp_connections", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  phoneNumberId: text("phone_number_id").notNull(),
  accessToken: text("access_token").notNull(),
  appSecret: text("app_secret").notNull(),
  verifyToken: text("verify_token").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's WhatsApp number, theirs alone (docs/decisions/092): pending until the code sent by
 * WhatsApp is typed back, then confirmed; opted out by 'PARAR'/'SAIR' or the switch, and never sent
 * to again until the member confirms it anew. `lastInboundAt` opens the 24-hour service window.
 * Deleted with the account.
 */
export const whatsappNumbers = pgTable(
  "whatsapp_numbers",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Digits with the country code, as WhatsApp writes `wa_id` (5511912345678). */
    phone: text("phone").notNull(),
    status: text("status", { enum: ["pending", "confirmed", "opted_out"] }).notNull(),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeAttempts: integer("code_attempts").notNull().default(0),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }),
    lastInboundAt: timestamp("last_inbound_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("whatsapp_numbers_company_phone_idx").on(table.companyId, table.phone)],
);

/**
 * Delivery statuses Meta reports (sent, delivered, read, failed), kept 30 days, without content
 * nor recipient: the message id, the status, its error code and when (docs/decisions/092).
 */
export const whatsappStatuses = pgTable(
  "whatsapp_statuses",
  {
    id: serial("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    status: text("status").notNull(),
    errorCode: integer("error_code"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("whatsapp_statuses_at_idx").on(table.at)],
);
