ALTER TABLE "user_progress" ADD COLUMN "energy" smallint;--> statement-breakpoint
ALTER TABLE "user_progress" ADD COLUMN "stress" smallint;--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_energy_range" CHECK ("user_progress"."energy" is null or "user_progress"."energy" between 1 and 5);--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_stress_range" CHECK ("user_progress"."stress" is null or "user_progress"."stress" between 1 and 5);--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_energy_stress_check_in_only" CHECK ("user_progress"."exercise_id" is null or ("user_progress"."energy" is null and "user_progress"."stress" is null));