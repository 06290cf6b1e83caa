ALTER TABLE "user_progress" DROP CONSTRAINT "user_progress_company_id_companies_id_fk";
--> statement-breakpoint
DROP INDEX "user_progress_user_recent_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
ALTER TABLE "user_progress" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
CREATE INDEX "user_progress_user_exercises_idx" ON "user_progress" USING btree ("user_id","completed_at") WHERE "user_progress"."exercise_id" is not null;