ALTER TABLE "care_settings" ALTER COLUMN "sessions_per_cycle" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "care_settings" ALTER COLUMN "cycle" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "care_settings" ADD COLUMN "next_sessions_per_cycle" smallint;--> statement-breakpoint
ALTER TABLE "care_settings" ADD COLUMN "next_cycle" text;--> statement-breakpoint
ALTER TABLE "care_settings" ADD COLUMN "next_from" date;--> statement-breakpoint
ALTER TABLE "care_settings" ADD CONSTRAINT "care_settings_next_sessions" CHECK ("care_settings"."next_sessions_per_cycle" between 0 and 100);--> statement-breakpoint
ALTER TABLE "care_settings" ADD CONSTRAINT "care_settings_current_whole" CHECK (("care_settings"."sessions_per_cycle" is null) = ("care_settings"."cycle" is null));--> statement-breakpoint
ALTER TABLE "care_settings" ADD CONSTRAINT "care_settings_next_whole" CHECK (("care_settings"."next_sessions_per_cycle" is null) = ("care_settings"."next_cycle" is null) and ("care_settings"."next_cycle" is null) = ("care_settings"."next_from" is null));--> statement-breakpoint
ALTER TABLE "care_settings" ADD CONSTRAINT "care_settings_plan_until_next" CHECK ("care_settings"."cycle" is not null or "care_settings"."next_from" is not null);