CREATE TABLE "risk_parked_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"sector_id" uuid NOT NULL,
	"iso_week" date NOT NULL,
	"answers" jsonb NOT NULL,
	"scores" jsonb NOT NULL,
	CONSTRAINT "risk_parked_responses_week_is_monday" CHECK (extract(isodow from "risk_parked_responses"."iso_week") = 1)
);
--> statement-breakpoint
ALTER TABLE "risk_participation_records" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "risk_parked_responses" ADD CONSTRAINT "risk_parked_responses_campaign_id_risk_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."risk_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_parked_responses" ADD CONSTRAINT "risk_parked_responses_sector_id_risk_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."risk_sectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_parked_responses_campaign_idx" ON "risk_parked_responses" USING btree ("campaign_id");