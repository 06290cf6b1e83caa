import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * A personal e-mail given at /ativar, waiting for its owner to open the link
 * mailed to it (docs/decisions/066). Until then the account keeps its internal
 * address; the link's token is kept as its SHA-256 (256 random bits, so no salt
 * or slow hash is needed), is deleted as it is used, and holds 24 hours.
 */
export const emailConfirmations = pgTable(
  "email_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The address as given, lower-cased by the form's schema. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("email_confirmations_user_idx").on(table.userId)],
);
