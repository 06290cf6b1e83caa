ALTER TABLE "published_daily_buckets" ADD COLUMN "energy_answers" integer;--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD COLUMN "energy_eligible" integer;--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD COLUMN "energy_suppressed" boolean;--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD COLUMN "noisy_energy_delta" integer;--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD COLUMN "stress_answers" integer;--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD COLUMN "stress_eligible" integer;--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD COLUMN "stress_suppressed" boolean;--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD COLUMN "noisy_stress_delta" integer;--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD CONSTRAINT "published_daily_buckets_energy_suppressed_has_no_sum" CHECK (("published_daily_buckets"."energy_suppressed" is null and "published_daily_buckets"."energy_answers" is null and "published_daily_buckets"."energy_eligible" is null and "published_daily_buckets"."noisy_energy_delta" is null)
        or ("published_daily_buckets"."energy_answers" is not null and "published_daily_buckets"."energy_eligible" is not null and "published_daily_buckets"."energy_suppressed" is not null and "published_daily_buckets"."energy_suppressed" = ("published_daily_buckets"."noisy_energy_delta" is null)));--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD CONSTRAINT "published_daily_buckets_stress_suppressed_has_no_sum" CHECK (("published_daily_buckets"."stress_suppressed" is null and "published_daily_buckets"."stress_answers" is null and "published_daily_buckets"."stress_eligible" is null and "published_daily_buckets"."noisy_stress_delta" is null)
        or ("published_daily_buckets"."stress_answers" is not null and "published_daily_buckets"."stress_eligible" is not null and "published_daily_buckets"."stress_suppressed" is not null and "published_daily_buckets"."stress_suppressed" = ("published_daily_buckets"."noisy_stress_delta" is null)));