CREATE TABLE "disclosed_figures" (
	"company_id" uuid NOT NULL,
	"figure" text NOT NULL,
	"subject" text NOT NULL,
	"window_end" date NOT NULL,
	"noisy_count" integer NOT NULL,
	"shown" boolean NOT NULL,
	"noisy_mean" real,
	"epsilon" real NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disclosed_figures_company_id_figure_subject_pk" PRIMARY KEY("company_id","figure","subject"),
	CONSTRAINT "disclosed_figures_hidden_has_no_value" CHECK ("disclosed_figures"."shown" or "disclosed_figures"."noisy_mean" is null)
);
--> statement-breakpoint
ALTER TABLE "disclosed_figures" ADD CONSTRAINT "disclosed_figures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disclosed_figures_ledger_idx" ON "disclosed_figures" USING btree ("company_id","figure","window_end");