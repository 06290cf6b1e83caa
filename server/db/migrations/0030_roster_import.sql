CREATE TABLE "roster_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" text,
	"created_by_email" text NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"rejections" jsonb NOT NULL,
	"kept" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"mode" text,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "roster_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"cpf_hash" text NOT NULL,
	"cpf_last2" text NOT NULL,
	"matricula" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"personal_email" text,
	"establishment_cnpj" text,
	"sector_path" text,
	"establishment_id" uuid,
	"sector_id" uuid,
	"manager_ref" text,
	"job_title" text,
	"admitted_on" date,
	"user_id" text,
	"left_at" timestamp with time zone,
	"data_link_hash" text,
	"data_link_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_people_data_link_hash_unique" UNIQUE("data_link_hash"),
	CONSTRAINT "roster_people_cpf_last2" CHECK ("roster_people"."cpf_last2" ~ '^[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_people" ADD CONSTRAINT "roster_people_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_people" ADD CONSTRAINT "roster_people_establishment_id_risk_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."risk_establishments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_people" ADD CONSTRAINT "roster_people_sector_id_risk_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."risk_sectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_people" ADD CONSTRAINT "roster_people_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roster_imports_company_idx" ON "roster_imports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_people_cpf_per_company" ON "roster_people" USING btree ("company_id","cpf_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_people_matricula_per_company" ON "roster_people" USING btree ("company_id","matricula") WHERE "roster_people"."left_at" is null;--> statement-breakpoint
CREATE INDEX "roster_people_user_idx" ON "roster_people" USING btree ("user_id");