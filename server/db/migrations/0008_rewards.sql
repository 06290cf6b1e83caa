CREATE TABLE "reward_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reward_id" uuid,
	"user_id" text NOT NULL,
	"company_id" uuid,
	"reward_title" text NOT NULL,
	"points_cost" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "reward_redemptions_points_cost_positive" CHECK ("reward_redemptions"."points_cost" > 0),
	CONSTRAINT "reward_redemptions_decided_when_closed" CHECK (("reward_redemptions"."status" = 'pending') = ("reward_redemptions"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"points_cost" integer NOT NULL,
	"stock" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_points_cost_positive" CHECK ("rewards"."points_cost" > 0),
	CONSTRAINT "rewards_stock_non_negative" CHECK ("rewards"."stock" is null or "rewards"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "notification_preferences" SET DEFAULT '{"email":true,"push":true,"reminders":true,"updates":false,"reminderTime":"09:30","reminderDays":[1,2,3,4,5],"quietStart":"20:00","quietEnd":"08:00"}'::jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "points_spent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reward_redemptions_company_idx" ON "reward_redemptions" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reward_redemptions_user_idx" ON "reward_redemptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reward_redemptions_reward_idx" ON "reward_redemptions" USING btree ("reward_id","status");--> statement-breakpoint
CREATE INDEX "rewards_company_idx" ON "rewards" USING btree ("company_id","active");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_points_balance_non_negative" CHECK ("profiles"."points_spent" >= 0 and "profiles"."points_spent" <= "profiles"."engagement_points");