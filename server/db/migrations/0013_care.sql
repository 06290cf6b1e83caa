CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"psychologist_id" uuid NOT NULL,
	"member_id" text NOT NULL,
	"company_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"late_cancellation" boolean DEFAULT false NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"rescheduled_from" uuid,
	"calendar_uid" uuid,
	"cancelled_at" timestamp with time zone,
	"marked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_range" CHECK ("appointments"."starts_at" < "appointments"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "availability_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"psychologist_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	CONSTRAINT "availability_windows_weekday" CHECK ("availability_windows"."weekday" between 0 and 6),
	CONSTRAINT "availability_windows_range" CHECK ("availability_windows"."start_minute" >= 0 and "availability_windows"."end_minute" <= 1440 and "availability_windows"."start_minute" < "availability_windows"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "care_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"psychologist_id" uuid NOT NULL,
	"from_member" boolean NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_messages_body" CHECK (length("care_messages"."body") between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "care_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"sessions_per_cycle" smallint NOT NULL,
	"cycle" text NOT NULL,
	"late_cancel_consumes" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_settings_sessions" CHECK ("care_settings"."sessions_per_cycle" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"cycle_start" date NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psychologists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"crp_number" text NOT NULL,
	"crp_uf" text NOT NULL,
	"epsi_confirmed_on" date NOT NULL,
	"approaches" text[] DEFAULT '{}'::text[] NOT NULL,
	"specialties" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{"Português"}'::text[] NOT NULL,
	"online" boolean DEFAULT true NOT NULL,
	"in_person_city" text,
	"bio" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"verified_at" timestamp with time zone,
	"session_minutes" smallint DEFAULT 50 NOT NULL,
	"buffer_minutes" smallint DEFAULT 10 NOT NULL,
	"video_url" text,
	"reply_hours" smallint DEFAULT 48 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "psychologists_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "psychologists_session_minutes" CHECK ("psychologists"."session_minutes" between 20 and 180),
	CONSTRAINT "psychologists_buffer_minutes" CHECK ("psychologists"."buffer_minutes" between 0 and 60)
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"psychologist_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "time_off_range" CHECK ("time_off"."starts_at" < "time_off"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "invites" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "care_email" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "care_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_psychologist_id_psychologists_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."psychologists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_windows" ADD CONSTRAINT "availability_windows_psychologist_id_psychologists_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."psychologists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_messages" ADD CONSTRAINT "care_messages_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_messages" ADD CONSTRAINT "care_messages_psychologist_id_psychologists_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."psychologists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_settings" ADD CONSTRAINT "care_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psychologists" ADD CONSTRAINT "psychologists_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_psychologist_id_psychologists_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."psychologists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_one_per_slot" ON "appointments" USING btree ("psychologist_id","starts_at") WHERE "appointments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "appointments_member_idx" ON "appointments" USING btree ("member_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_company_idx" ON "appointments" USING btree ("company_id","starts_at");--> statement-breakpoint
CREATE INDEX "availability_windows_psychologist_idx" ON "availability_windows" USING btree ("psychologist_id");--> statement-breakpoint
CREATE INDEX "care_messages_thread_idx" ON "care_messages" USING btree ("member_id","psychologist_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_member_idx" ON "credit_ledger" USING btree ("member_id","cycle_start");--> statement-breakpoint
CREATE INDEX "credit_ledger_company_idx" ON "credit_ledger" USING btree ("company_id","cycle_start");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_one_grant" ON "credit_ledger" USING btree ("member_id","company_id","cycle_start") WHERE "credit_ledger"."kind" = 'grant';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_one_expire" ON "credit_ledger" USING btree ("member_id","company_id","cycle_start") WHERE "credit_ledger"."kind" = 'expire';--> statement-breakpoint
CREATE UNIQUE INDEX "psychologists_email" ON "psychologists" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "time_off_psychologist_idx" ON "time_off" USING btree ("psychologist_id","starts_at");