CREATE TABLE "risk_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"sector_id" uuid NOT NULL,
	"hazard" text NOT NULL,
	"title" text NOT NULL,
	"hierarchy" text NOT NULL,
	"owner" text NOT NULL,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'planejada' NOT NULL,
	"follow_up" text DEFAULT '' NOT NULL,
	"measurement" text DEFAULT '' NOT NULL,
	"effectiveness" text DEFAULT '' NOT NULL,
	"evidence_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"sector_id" uuid NOT NULL,
	"hazard" text NOT NULL,
	"probability" integer NOT NULL,
	"severity" integer NOT NULL,
	"rationale" text DEFAULT '' NOT NULL,
	"sources" text DEFAULT '' NOT NULL,
	"harms" text DEFAULT '' NOT NULL,
	"measures_in_place" text DEFAULT '' NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_assessments_line" UNIQUE("campaign_id","sector_id","hazard")
);
--> statement-breakpoint
CREATE TABLE "risk_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"title" text NOT NULL,
	"instrument_id" text NOT NULL,
	"sector_ids" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"closes_on" date NOT NULL,
	"notice" text NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_criteria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"content" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_criteria_version" UNIQUE("company_id","version")
);
--> statement-breakpoint
CREATE TABLE "risk_establishments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cnpj" text NOT NULL,
	"next_review_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_establishments_cnpj_per_company" UNIQUE("company_id","cnpj"),
	CONSTRAINT "risk_establishments_cnpj_digits" CHECK ("risk_establishments"."cnpj" ~ '^[0-9]{14}$')
);
--> statement-breakpoint
CREATE TABLE "risk_inventory_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retain_until" date NOT NULL,
	"published_by" text NOT NULL,
	"content" jsonb NOT NULL,
	CONSTRAINT "risk_inventory_version" UNIQUE("establishment_id","version")
);
--> statement-breakpoint
CREATE TABLE "risk_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" text,
	"sector_id" uuid NOT NULL,
	"has_answered" boolean DEFAULT false NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "risk_invitations_once" UNIQUE("campaign_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "risk_participation_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"held_on" date NOT NULL,
	"description" text NOT NULL,
	"attendees" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"sector_id" uuid NOT NULL,
	"iso_week" date NOT NULL,
	"answers" jsonb NOT NULL,
	"scores" jsonb NOT NULL,
	CONSTRAINT "risk_responses_week_is_monday" CHECK (extract(isodow from "risk_responses"."iso_week") = 1)
);
--> statement-breakpoint
CREATE TABLE "risk_sector_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"sector_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_sectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"activities" text DEFAULT '' NOT NULL,
	"headcount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_sectors_headcount" CHECK ("risk_sectors"."headcount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "risk_actions" ADD CONSTRAINT "risk_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_actions" ADD CONSTRAINT "risk_actions_establishment_id_risk_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."risk_establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_actions" ADD CONSTRAINT "risk_actions_sector_id_risk_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."risk_sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assessments" ADD CONSTRAINT "risk_assessments_campaign_id_risk_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."risk_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assessments" ADD CONSTRAINT "risk_assessments_sector_id_risk_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."risk_sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_campaigns" ADD CONSTRAINT "risk_campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_campaigns" ADD CONSTRAINT "risk_campaigns_establishment_id_risk_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."risk_establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_criteria" ADD CONSTRAINT "risk_criteria_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_establishments" ADD CONSTRAINT "risk_establishments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_invitations" ADD CONSTRAINT "risk_invitations_campaign_id_risk_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."risk_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_invitations" ADD CONSTRAINT "risk_invitations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_invitations" ADD CONSTRAINT "risk_invitations_sector_id_risk_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."risk_sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_participation_records" ADD CONSTRAINT "risk_participation_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_participation_records" ADD CONSTRAINT "risk_participation_records_establishment_id_risk_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."risk_establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_responses" ADD CONSTRAINT "risk_responses_campaign_id_risk_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."risk_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_responses" ADD CONSTRAINT "risk_responses_sector_id_risk_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."risk_sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_sector_members" ADD CONSTRAINT "risk_sector_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_sector_members" ADD CONSTRAINT "risk_sector_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_sector_members" ADD CONSTRAINT "risk_sector_members_sector_id_risk_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."risk_sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_sectors" ADD CONSTRAINT "risk_sectors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_sectors" ADD CONSTRAINT "risk_sectors_establishment_id_risk_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."risk_establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_sectors" ADD CONSTRAINT "risk_sectors_parent_id_risk_sectors_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."risk_sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_actions_establishment_idx" ON "risk_actions" USING btree ("establishment_id");--> statement-breakpoint
CREATE INDEX "risk_campaigns_company_idx" ON "risk_campaigns" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "risk_inventory_company_idx" ON "risk_inventory_versions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "risk_responses_campaign_idx" ON "risk_responses" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "risk_sectors_establishment_idx" ON "risk_sectors" USING btree ("establishment_id");
--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- NR-1 (docs/decisions/026): a published criteria version is frozen. It may go only with its company
-- (the cascade runs after the company row is gone); the inventory versions keep their own copy of it.
CREATE FUNCTION risk_criteria_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'published' THEN
    IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'published risk criteria are immutable' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_criteria_frozen BEFORE UPDATE OR DELETE ON risk_criteria
FOR EACH ROW EXECUTE FUNCTION risk_criteria_frozen();--> statement-breakpoint
-- Published inventory versions are append-only and kept 20 years (NR-1 1.5.7.3.3.1), company deletion included.
CREATE FUNCTION risk_inventory_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.retain_until < current_date THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'published risk inventory versions are append-only' USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER risk_inventory_append_only BEFORE UPDATE OR DELETE ON risk_inventory_versions
FOR EACH ROW EXECUTE FUNCTION risk_inventory_append_only();--> statement-breakpoint
CREATE FUNCTION risk_inventory_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'published risk inventory versions are append-only' USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER risk_inventory_no_truncate BEFORE TRUNCATE ON risk_inventory_versions
FOR EACH STATEMENT EXECUTE FUNCTION risk_inventory_no_truncate();
