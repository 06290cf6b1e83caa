CREATE TABLE "sso_connections" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret" text,
	"saml_metadata_xml" text,
	"saml_metadata_url" text,
	"saml_idp_entity_id" text,
	"saml_sso_url" text,
	"saml_idp_certs" jsonb,
	"allow_password" boolean DEFAULT true NOT NULL,
	"create_on_first_sign_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"verification_token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"code_verifier" text,
	"nonce" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_requests" ADD CONSTRAINT "sso_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_domain" ON "sso_domains" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "sso_domains_company_idx" ON "sso_domains" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sso_requests_expires_idx" ON "sso_requests" USING btree ("expires_at");