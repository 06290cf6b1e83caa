ALTER TABLE "company_daily_stats" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_daily_stats" DROP CONSTRAINT "company_daily_stats_company_id_day_pk";--> statement-breakpoint
ALTER TABLE "company_daily_stats" ADD CONSTRAINT "company_daily_stats_company_id_day_shard_pk" PRIMARY KEY("company_id","day","shard");
