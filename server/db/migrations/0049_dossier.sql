CREATE TABLE "company_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mental_health_goal_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"goal_id" uuid NOT NULL,
	"reviewed_on" date NOT NULL,
	"note" text NOT NULL,
	"reviewed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mental_health_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"target" text NOT NULL,
	"first_review_on" date NOT NULL,
	"review_every_months" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mental_health_goals_interval" CHECK ("mental_health_goals"."review_every_months" in (3, 6, 12))
);
--> statement-breakpoint
ALTER TABLE "company_notices" ADD CONSTRAINT "company_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mental_health_goal_reviews" ADD CONSTRAINT "mental_health_goal_reviews_goal_id_mental_health_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."mental_health_goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mental_health_goals" ADD CONSTRAINT "mental_health_goals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_notices_company_idx" ON "company_notices" USING btree ("company_id","published_at");--> statement-breakpoint
CREATE INDEX "mental_health_goal_reviews_goal_idx" ON "mental_health_goal_reviews" USING btree ("goal_id","reviewed_on");--> statement-breakpoint
CREATE INDEX "mental_health_goals_company_idx" ON "mental_health_goals" USING btree ("company_id");