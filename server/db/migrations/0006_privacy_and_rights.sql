CREATE TABLE "consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "published_daily_buckets" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"check_ins" integer NOT NULL,
	"eligible" integer NOT NULL,
	"suppressed" boolean NOT NULL,
	"noisy_mood_delta" integer,
	"epsilon" real NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "published_daily_buckets_company_id_day_pk" PRIMARY KEY("company_id","day"),
	CONSTRAINT "published_daily_buckets_suppressed_has_no_sum" CHECK ("published_daily_buckets"."suppressed" = ("published_daily_buckets"."noisy_mood_delta" is null))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "timezone" text DEFAULT 'America/Sao_Paulo' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "wellbeing_consent_version" text;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD CONSTRAINT "published_daily_buckets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_user_idx" ON "consent_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_name_key_idx" ON "jobs" USING btree ("name","key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."finished_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
ALTER TABLE "company_daily_stats" DROP COLUMN "mood_sum";--> statement-breakpoint
UPDATE "profiles" SET "wellbeing_consent_version" = '1' WHERE "wellbeing_consent_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "consent_events" ("user_id", "kind", "version", "at") SELECT "user_id", 'given', '1', "wellbeing_consent_at" FROM "profiles" WHERE "wellbeing_consent_at" IS NOT NULL;
