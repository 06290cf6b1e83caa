CREATE TABLE "group_session_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	CONSTRAINT "group_session_feedback_rating" CHECK ("group_session_feedback"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "group_session_feedback_given" (
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "group_session_feedback_given_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_session_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audience" text NOT NULL,
	"company_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"facilitator_name" text NOT NULL,
	"facilitator_email" text,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"modality" text NOT NULL,
	"location" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"attended_count" integer,
	"attendance_marked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_sessions_audience_company" CHECK (("group_sessions"."audience" = 'company') = ("group_sessions"."company_id" is not null)),
	CONSTRAINT "group_sessions_capacity_positive" CHECK ("group_sessions"."capacity" between 1 and 500),
	CONSTRAINT "group_sessions_duration_positive" CHECK ("group_sessions"."duration_minutes" between 15 and 480),
	CONSTRAINT "group_sessions_attended_count" CHECK ("group_sessions"."attended_count" is null or "group_sessions"."attended_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "group_session_feedback" ADD CONSTRAINT "group_session_feedback_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_session_feedback_given" ADD CONSTRAINT "group_session_feedback_given_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_session_feedback_given" ADD CONSTRAINT "group_session_feedback_given_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_session_registrations" ADD CONSTRAINT "group_session_registrations_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_session_registrations" ADD CONSTRAINT "group_session_registrations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_sessions" ADD CONSTRAINT "group_sessions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_session_feedback_session_idx" ON "group_session_feedback" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_session_registrations_person_idx" ON "group_session_registrations" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE INDEX "group_session_registrations_queue_idx" ON "group_session_registrations" USING btree ("session_id","status","queued_at");--> statement-breakpoint
CREATE INDEX "group_sessions_company_idx" ON "group_sessions" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE INDEX "group_sessions_starts_idx" ON "group_sessions" USING btree ("starts_at");
--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- Capacity is the database's rule (docs/decisions/024): a row that becomes 'registered' locks its
-- session and counts the places taken, so concurrent registrations can never exceed the capacity.
CREATE OR REPLACE FUNCTION group_session_capacity_check() RETURNS trigger AS $$
DECLARE
  places integer;
  taken integer;
BEGIN
  SELECT capacity INTO places FROM group_sessions WHERE id = NEW.session_id FOR UPDATE;
  SELECT count(*) INTO taken FROM group_session_registrations
    WHERE session_id = NEW.session_id AND status IN ('registered', 'attended') AND id <> NEW.id;
  IF taken >= places THEN
    RAISE EXCEPTION 'group session % is full', NEW.session_id USING ERRCODE = 'check_violation',
      CONSTRAINT = 'group_session_registrations_capacity';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER group_session_registrations_capacity
  BEFORE INSERT OR UPDATE OF status ON group_session_registrations
  FOR EACH ROW WHEN (NEW.status = 'registered')
  EXECUTE FUNCTION group_session_capacity_check();
