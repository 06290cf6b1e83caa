import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";

/**
 * An invitation to join a company. Only the SHA-256 of the token is stored;
 * one pending invite per e-mail (sending again replaces its token).
 */
export const invites = pgTable(
  "invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null until the `invite-mail` job makes the token and sends it (docs/decisions/009). */
    tokenHash: text("token_hash").unique(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** Null for a psychologist's invite: a platform role with no company (docs/decisions/025). */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "manager", "psychologist"] }).notNull(),
    /** 'admin' invites link to /confirm-account#token, 'team' ones to /accept-invite?token. */
    kind: text("kind", { enum: ["admin", "team"] }).notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    inviterName: text("inviter_name").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("invites_one_pending_per_email").on(sql`lower(${table.email})`).where(sql`${table.acceptedAt} is null`),
    index("invites_company_idx").on(table.companyId),
  ],
);
