CREATE TABLE "storage_config" (
	"bucket_name" text PRIMARY KEY NOT NULL,
	"configured" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "media_key" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "thumbnail_key" text;