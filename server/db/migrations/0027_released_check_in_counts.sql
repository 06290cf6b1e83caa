-- Days published before docs/decisions/040 had their exact counts on screen already: they stay.
ALTER TABLE "published_daily_buckets" ADD COLUMN "noisy_check_ins" integer;--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD COLUMN "noisy_energy_answers" integer;--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD COLUMN "noisy_stress_answers" integer;--> statement-breakpoint
UPDATE "published_daily_buckets" SET "noisy_check_ins" = "check_ins", "noisy_energy_answers" = "energy_answers", "noisy_stress_answers" = "stress_answers";--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ALTER COLUMN "noisy_check_ins" SET NOT NULL;
