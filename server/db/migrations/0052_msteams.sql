CREATE TABLE "msteams_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"teams_user_id" text NOT NULL,
	"aad_object_id" text,
	"conversation_id" text NOT NULL,
	"service_url" text NOT NULL,
	"opted_in" boolean DEFAULT false NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msteams_cards" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"conversation_id" text NOT NULL,
	"activity_id" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msteams_connections" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msteams_link_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"teams_user_id" text NOT NULL,
	"aad_object_id" text,
	"teams_name" text,
	"conversation_id" text NOT NULL,
	"service_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "msteams_accounts" ADD CONSTRAINT "msteams_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msteams_accounts" ADD CONSTRAINT "msteams_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msteams_cards" ADD CONSTRAINT "msteams_cards_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msteams_connections" ADD CONSTRAINT "msteams_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msteams_link_codes" ADD CONSTRAINT "msteams_link_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "msteams_accounts_company_teams_user_idx" ON "msteams_accounts" USING btree ("company_id","teams_user_id");--> statement-breakpoint
CREATE INDEX "msteams_cards_created_idx" ON "msteams_cards" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "msteams_link_codes_expires_idx" ON "msteams_link_codes" USING btree ("expires_at");