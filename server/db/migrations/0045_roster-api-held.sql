CREATE TABLE "roster_api_held" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"matricula" text NOT NULL,
	"cpf_hash" text NOT NULL,
	"row" jsonb NOT NULL,
	"api_key_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roster_api_held" ADD CONSTRAINT "roster_api_held_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_api_held" ADD CONSTRAINT "roster_api_held_api_key_id_roster_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."roster_api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roster_api_held_matricula_idx" ON "roster_api_held" USING btree ("company_id","matricula");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_api_held_cpf_idx" ON "roster_api_held" USING btree ("company_id","cpf_hash");