CREATE TABLE "risk_review_triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_on" date NOT NULL,
	"description" text NOT NULL,
	"review_due_on" date,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "risk_review_triggers" ADD CONSTRAINT "risk_review_triggers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_review_triggers" ADD CONSTRAINT "risk_review_triggers_establishment_id_risk_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."risk_establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_review_triggers_establishment_idx" ON "risk_review_triggers" USING btree ("establishment_id","occurred_on");