CREATE TABLE "group_session_materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_session_materials_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "group_session_sectors" (
	"session_id" uuid NOT NULL,
	"sector_id" uuid NOT NULL,
	CONSTRAINT "group_session_sectors_session_id_sector_id_pk" PRIMARY KEY("session_id","sector_id")
);
--> statement-breakpoint
ALTER TABLE "group_sessions" DROP CONSTRAINT "group_sessions_audience_company";--> statement-breakpoint
ALTER TABLE "group_sessions" ADD COLUMN "facilitator_psychologist_id" uuid;--> statement-breakpoint
ALTER TABLE "group_session_materials" ADD CONSTRAINT "group_session_materials_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_session_materials" ADD CONSTRAINT "group_session_materials_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_session_sectors" ADD CONSTRAINT "group_session_sectors_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_session_sectors" ADD CONSTRAINT "group_session_sectors_sector_id_risk_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."risk_sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_session_materials_session_idx" ON "group_session_materials" USING btree ("session_id","created_at");--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_facilitator_psychologist_id_psychologists_id_fk" FOREIGN KEY ("facilitator_psychologist_id") REFERENCES "public"."psychologists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_sessions_facilitator_idx" ON "group_sessions" USING btree ("facilitator_psychologist_id");--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_audience_company" CHECK (("group_sessions"."audience" in ('company', 'sectors')) = ("group_sessions"."company_id" is not null));