CREATE TABLE "conduct_acknowledgements" (
	"version_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"acknowledged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conduct_acknowledgements_version_id_user_id_pk" PRIMARY KEY("version_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conduct_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conduct_versions_number" UNIQUE("company_id","version")
);
--> statement-breakpoint
CREATE TABLE "harassment_training_attendance" (
	"training_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"source" text NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "harassment_training_attendance_training_id_person_id_pk" PRIMARY KEY("training_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "harassment_trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"held_on" date NOT NULL,
	"duration_minutes" integer NOT NULL,
	"levels" jsonb NOT NULL,
	"code" text NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "harassment_trainings_code_unique" UNIQUE("code"),
	CONSTRAINT "harassment_trainings_duration" CHECK ("harassment_trainings"."duration_minutes" between 15 and 1440)
);
--> statement-breakpoint
CREATE TABLE "risk_action_verdicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"action_id" uuid NOT NULL,
	"before_campaign_id" uuid NOT NULL,
	"after_campaign_id" uuid NOT NULL,
	"verdict" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"trigger_id" uuid,
	"confirmed_by" text NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "risk_action_verdicts_once" UNIQUE("action_id","after_campaign_id")
);
--> statement-breakpoint
ALTER TABLE "risk_actions" ADD COLUMN "dimensions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_participation_records" ADD COLUMN "harassment_on_agenda" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_review_triggers" ADD COLUMN "closed_on" date;--> statement-breakpoint
ALTER TABLE "risk_review_triggers" ADD COLUMN "closure" text;--> statement-breakpoint
ALTER TABLE "conduct_acknowledgements" ADD CONSTRAINT "conduct_acknowledgements_version_id_conduct_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."conduct_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conduct_acknowledgements" ADD CONSTRAINT "conduct_acknowledgements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conduct_versions" ADD CONSTRAINT "conduct_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harassment_training_attendance" ADD CONSTRAINT "harassment_training_attendance_training_id_harassment_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."harassment_trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harassment_training_attendance" ADD CONSTRAINT "harassment_training_attendance_person_id_roster_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."roster_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harassment_trainings" ADD CONSTRAINT "harassment_trainings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_action_verdicts" ADD CONSTRAINT "risk_action_verdicts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_action_verdicts" ADD CONSTRAINT "risk_action_verdicts_action_id_risk_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."risk_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_action_verdicts" ADD CONSTRAINT "risk_action_verdicts_before_campaign_id_risk_campaigns_id_fk" FOREIGN KEY ("before_campaign_id") REFERENCES "public"."risk_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_action_verdicts" ADD CONSTRAINT "risk_action_verdicts_after_campaign_id_risk_campaigns_id_fk" FOREIGN KEY ("after_campaign_id") REFERENCES "public"."risk_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_action_verdicts" ADD CONSTRAINT "risk_action_verdicts_trigger_id_risk_review_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."risk_review_triggers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "harassment_trainings_company_idx" ON "harassment_trainings" USING btree ("company_id","held_on");