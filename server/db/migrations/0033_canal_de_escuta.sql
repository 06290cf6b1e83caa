CREATE TABLE "listening_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"secret_hash" text NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'recebida' NOT NULL,
	"received_on" date NOT NULL,
	"deadline_on" date,
	"closed_on" date,
	CONSTRAINT "listening_cases_protocol_unique" UNIQUE("protocol"),
	CONSTRAINT "listening_cases_category_of_kind" CHECK (("listening_cases"."kind" = 'mensagem') = ("listening_cases"."category" in ('sugestao', 'elogio', 'preocupacao'))),
	CONSTRAINT "listening_cases_closed_on" CHECK (("listening_cases"."status" in ('concluida', 'arquivada')) = ("listening_cases"."closed_on" is not null))
);
--> statement-breakpoint
CREATE TABLE "listening_exclusions" (
	"case_id" uuid NOT NULL,
	"handler_id" uuid NOT NULL,
	CONSTRAINT "listening_exclusions_case_id_handler_id_pk" PRIMARY KEY("case_id","handler_id")
);
--> statement-breakpoint
CREATE TABLE "listening_handlers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"appointed_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listening_identities" (
	"case_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listening_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"author" text NOT NULL,
	"handler_id" uuid,
	"is_internal" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"written_on" date NOT NULL,
	CONSTRAINT "listening_messages_reporter_public" CHECK (not ("listening_messages"."author" = 'reporter' and "listening_messages"."is_internal")),
	CONSTRAINT "listening_messages_reporter_no_handler" CHECK ("listening_messages"."author" = 'handler' or "listening_messages"."handler_id" is null)
);
--> statement-breakpoint
CREATE TABLE "listening_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"retention_years" integer DEFAULT 5 NOT NULL,
	CONSTRAINT "listening_settings_retention_range" CHECK ("listening_settings"."retention_years" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "listening_cases" ADD CONSTRAINT "listening_cases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_exclusions" ADD CONSTRAINT "listening_exclusions_case_id_listening_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."listening_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_exclusions" ADD CONSTRAINT "listening_exclusions_handler_id_listening_handlers_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."listening_handlers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_handlers" ADD CONSTRAINT "listening_handlers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_handlers" ADD CONSTRAINT "listening_handlers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_identities" ADD CONSTRAINT "listening_identities_case_id_listening_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."listening_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_identities" ADD CONSTRAINT "listening_identities_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_messages" ADD CONSTRAINT "listening_messages_case_id_listening_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."listening_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_messages" ADD CONSTRAINT "listening_messages_handler_id_listening_handlers_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."listening_handlers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_settings" ADD CONSTRAINT "listening_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listening_cases_company_idx" ON "listening_cases" USING btree ("company_id","received_on");--> statement-breakpoint
CREATE UNIQUE INDEX "listening_handlers_company_user_idx" ON "listening_handlers" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listening_messages_case_seq_idx" ON "listening_messages" USING btree ("case_id","seq");