CREATE TABLE "who5_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"item1" smallint NOT NULL,
	"item2" smallint NOT NULL,
	"item3" smallint NOT NULL,
	"item4" smallint NOT NULL,
	"item5" smallint NOT NULL,
	"score" smallint NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "who5_answers_items" CHECK ("who5_answers"."item1" BETWEEN 0 AND 5 AND "who5_answers"."item2" BETWEEN 0 AND 5 AND "who5_answers"."item3" BETWEEN 0 AND 5 AND "who5_answers"."item4" BETWEEN 0 AND 5 AND "who5_answers"."item5" BETWEEN 0 AND 5),
	CONSTRAINT "who5_answers_score" CHECK ("who5_answers"."score" = 4 * ("who5_answers"."item1" + "who5_answers"."item2" + "who5_answers"."item3" + "who5_answers"."item4" + "who5_answers"."item5"))
);
--> statement-breakpoint
CREATE TABLE "who5_consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "who5_dismissals" (
	"user_id" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "who5_answers" ADD CONSTRAINT "who5_answers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "who5_consent_events" ADD CONSTRAINT "who5_consent_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "who5_dismissals" ADD CONSTRAINT "who5_dismissals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "who5_answers_user_idx" ON "who5_answers" USING btree ("user_id","answered_at");--> statement-breakpoint
CREATE INDEX "who5_consent_events_user_idx" ON "who5_consent_events" USING btree ("user_id","at");