CREATE TABLE "risk_annex_accesses" (
	"signature_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "risk_annex_accesses_signature_id_day_pk" PRIMARY KEY("signature_id","day")
);
--> statement-breakpoint
CREATE TABLE "risk_inventory_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"establishment_id" uuid NOT NULL,
	"signer_name" text NOT NULL,
	"registration" text NOT NULL,
	"certificate_holder" text NOT NULL,
	"certificate_issuer" text NOT NULL,
	"certificate_serial" text NOT NULL,
	"certificate_not_after" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sha256" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	CONSTRAINT "risk_inventory_signature_once" UNIQUE("version_id")
);
--> statement-breakpoint
ALTER TABLE "risk_annex_accesses" ADD CONSTRAINT "risk_annex_accesses_signature_id_risk_inventory_signatures_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."risk_inventory_signatures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_inventory_signatures" ADD CONSTRAINT "risk_inventory_signatures_version_id_risk_inventory_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."risk_inventory_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_inventory_signatures_company_idx" ON "risk_inventory_signatures" USING btree ("company_id","establishment_id");--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- A signed version cannot change (docs/decisions/081): its signature row is never updated, and goes only
-- with its version, after the 20-year retention (the cascade runs once the version row is gone).
CREATE FUNCTION risk_inventory_signature_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM risk_inventory_versions WHERE id = OLD.version_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'signed risk inventory versions are immutable' USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER risk_inventory_signature_frozen BEFORE UPDATE OR DELETE ON risk_inventory_signatures
FOR EACH ROW EXECUTE FUNCTION risk_inventory_signature_frozen();
