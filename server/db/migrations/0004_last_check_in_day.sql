DROP INDEX "profiles_company_id_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_check_in_day" date;--> statement-breakpoint
CREATE INDEX "profiles_company_id_idx" ON "profiles" USING btree ("company_id","last_check_in_day");