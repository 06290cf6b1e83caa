CREATE TABLE "listening_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	CONSTRAINT "listening_attachments_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "listening_attachments" ADD CONSTRAINT "listening_attachments_case_id_listening_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."listening_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_attachments" ADD CONSTRAINT "listening_attachments_message_id_listening_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."listening_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listening_attachments_message_position_idx" ON "listening_attachments" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "listening_attachments_case_idx" ON "listening_attachments" USING btree ("case_id");