import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies.ts";

/**
 * A company's single sign-on (issue 34, docs/decisions/047): one identity
 * provider per company, by OIDC or SAML 2.0. The OIDC client secret is stored
 * encrypted (AES-256-GCM under SSO_ENCRYPTION_KEY, server/features/sso/secret-box.ts).
 */
export const ssoConnections = pgTable("sso_connections", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  protocol: text("protocol", { enum: ["oidc", "saml"] }).notNull(),
  oidcIssuer: text("oidc_issuer"),
  oidcClientId: text("oidc_client_id"),
  /** `v1.<iv>.<tag>.<ciphertext>`, never the secret itself. */
  oidcClientSecret: text("oidc_client_secret"),
  /** The IdP's metadata as given (pasted, or read from samlMetadataUrl when saved), and what Sereno uses of it. */
  samlMetadataXml: text("saml_metadata_xml"),
  samlMetadataUrl: text("saml_metadata_url"),
  samlIdpEntityId: text("saml_idp_entity_id"),
  samlSsoUrl: text("saml_sso_url"),
  samlIdpCerts: jsonb("saml_idp_certs").$type<string[]>(),
  /** False: the company's people sign in only through their provider (the password sign-in refuses them). */
  allowPassword: boolean("allow_password").notNull().default(true),
  /** True: a person the provider vouches for but the roster does not know joins as a member at first sign-in. */
  createOnFirstSignIn: boolean("create_on_first_sign_in").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An e-mail domain a company's sign-in covers, once proven by a DNS TXT record (or verified by hand by the admin). */
export const ssoDomains = pgTable(
  "sso_domains",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Lower case, without '@'. */
    domain: text("domain").notNull(),
    /** The TXT record's value is `sereno-verificacao=<token>`. */
    verificationToken: text("verification_token").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedBy: text("verified_by", { enum: ["dns", "manual"] }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("sso_domains_domain").on(table.domain), index("sso_domains_company_idx").on(table.companyId)],
);

/**
 * A sign-in under way, single use and short-lived: for OIDC keyed by `state`
 * (with the PKCE verifier and the nonce); for SAML keyed by the AuthnRequest's
 * ID, so the response's InResponseTo must name one we sent.
 */
export const ssoRequests = pgTable(
  "sso_requests",
  {
    id: text("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    protocol: text("protocol", { enum: ["oidc", "saml"] }).notNull(),
    codeVerifier: text("code_verifier"),
    nonce: text("nonce"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sso_requests_expires_idx").on(table.expiresAt)],
);
