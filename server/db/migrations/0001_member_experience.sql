CREATE TABLE "content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"content_type" text NOT NULL,
	"points_required" integer DEFAULT 0 NOT NULL,
	"duration" text NOT NULL,
	"thumbnail" text,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_slug_unique" UNIQUE("slug"),
	CONSTRAINT "content_points_non_negative" CHECK ("content"."points_required" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exercises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"steps" jsonb,
	"category" text NOT NULL,
	"duration" text NOT NULL,
	"required_level" integer DEFAULT 1 NOT NULL,
	"xp_reward" integer DEFAULT 10 NOT NULL,
	"media_type" text DEFAULT 'link' NOT NULL,
	"media_url" text,
	"thumbnail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "exercises_slug_unique" UNIQUE("slug"),
	CONSTRAINT "exercises_level_range" CHECK ("exercises"."required_level" between 1 and 15),
	CONSTRAINT "exercises_xp_positive" CHECK ("exercises"."xp_reward" >= 1)
);
--> statement-breakpoint
CREATE TABLE "user_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"company_id" uuid,
	"exercise_id" uuid,
	"mood" smallint,
	"notes" text,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"xp_earned" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_progress_kind" CHECK (("user_progress"."exercise_id" is null) = ("user_progress"."mood" is not null)),
	CONSTRAINT "user_progress_mood_range" CHECK ("user_progress"."mood" is null or "user_progress"."mood" between 1 and 5),
	CONSTRAINT "user_progress_xp_non_negative" CHECK ("user_progress"."xp_earned" >= 0)
);
--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercises_catalogue_idx" ON "exercises" USING btree ("required_level","created_at") WHERE "exercises"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_progress_one_check_in_a_day" ON "user_progress" USING btree ("user_id","day") WHERE "user_progress"."exercise_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_progress_exercise_xp_once_a_day" ON "user_progress" USING btree ("user_id","exercise_id","day") WHERE "user_progress"."exercise_id" is not null and "user_progress"."xp_earned" > 0;--> statement-breakpoint
CREATE INDEX "user_progress_user_recent_idx" ON "user_progress" USING btree ("user_id","completed_at");