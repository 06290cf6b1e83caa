CREATE TABLE "roster_api_additions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"people" integer NOT NULL,
	"api_key_id" uuid,
	"allowed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roster_api_additions" ADD CONSTRAINT "roster_api_additions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_api_additions" ADD CONSTRAINT "roster_api_additions_api_key_id_roster_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."roster_api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_api_additions" ADD CONSTRAINT "roster_api_additions_allowed_by_user_id_fk" FOREIGN KEY ("allowed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_api_additions_company_idx" ON "roster_api_additions" USING btree ("company_id","created_at");