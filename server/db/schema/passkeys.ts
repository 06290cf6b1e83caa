import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { rosterPeople } from "./roster.ts";

/**
 * A person's passkeys (WebAuthn credentials, docs/decisions/045): the public
 * key and signature counter the authenticator gave at registration, and a
 * label the person reads in Configurações. Deleted with the account.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The authenticator's credential id, base64url. */
    credentialId: text("credential_id").notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    /** 'Chrome no Windows', from the user agent at registration. */
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [index("passkeys_user_idx").on(table.userId)],
);

/**
 * A person's recovery code (docs/decisions/055): at most one, kept as its
 * SHA-256 (the code is 100 random bits, so no salt or slow hash is needed).
 * Used once, to replace every passkey when the device holding them is lost.
 */
export const recoveryCodes = pgTable("recovery_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/**
 * WebAuthn challenges waiting for their answer: single use (deleted when
 * answered) and short-lived. An activation's challenge also carries the
 * roster person it was issued for and the account id the passkey will name.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purpose: text("purpose", { enum: ["register", "sign-in", "activation", "recovery"] }).notNull(),
    challenge: text("challenge").notNull(),
    /** The signed-in person adding a passkey, or the account an activation will create. */
    userId: text("user_id"),
    rosterPersonId: uuid("roster_person_id").references(() => rosterPeople.id, { onDelete: "cascade" }),
    /** A recovery's: the code it was issued for, so a code replaced since cannot be used by it (decision 055). */
    recoveryCodeHash: text("recovery_code_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("webauthn_challenges_expires_idx").on(table.expiresAt),
    check("webauthn_challenges_owner", sql`${table.purpose} = 'sign-in' or ${table.userId} is not null`),
  ],
);
