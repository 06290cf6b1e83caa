CREATE TABLE "compliance_signed_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"signer_name" text NOT NULL,
	"registration" text NOT NULL,
	"certificate_issuer" text NOT NULL,
	"certificate_serial" text NOT NULL,
	"certificate_not_after" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sha256" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	CONSTRAINT "compliance_signed_documents_version" UNIQUE("company_id","kind","version")
);
--> statement-breakpoint
ALTER TABLE "compliance_signed_documents" ADD CONSTRAINT "compliance_signed_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom SQL (keep on regeneration)
-- A signed version of the Lei 14.457 file or the Lei 14.831 dossier cannot change (docs/decisions/098):
-- never updated, and deleted only with its company (the cascade runs once the company row is gone).
CREATE FUNCTION compliance_signed_document_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'signed compliance documents are immutable' USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER compliance_signed_document_frozen BEFORE UPDATE OR DELETE ON compliance_signed_documents
FOR EACH ROW EXECUTE FUNCTION compliance_signed_document_frozen();
