CREATE TABLE "care_measures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"psychologist_id" uuid NOT NULL,
	"instrument" text NOT NULL,
	"window" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"difficulty" smallint,
	"score" smallint NOT NULL,
	"safety_path" text DEFAULT 'none' NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "care_measures_difficulty" CHECK ("care_measures"."difficulty" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "care_measures" ADD CONSTRAINT "care_measures_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_measures" ADD CONSTRAINT "care_measures_psychologist_id_psychologists_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."psychologists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_measures" ADD CONSTRAINT "care_measures_acknowledged_by_psychologists_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."psychologists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_measures_once_per_window" ON "care_measures" USING btree ("member_id","psychologist_id","instrument","window");--> statement-breakpoint
CREATE INDEX "care_measures_alerts_idx" ON "care_measures" USING btree ("psychologist_id","created_at") WHERE "care_measures"."safety_path" = 'alert' and "care_measures"."acknowledged_at" is null;