CREATE TABLE "company_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD COLUMN "members" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_memberships" ADD CONSTRAINT "company_memberships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_memberships_company_idx" ON "company_memberships" USING btree ("company_id","joined_at");--> statement-breakpoint
CREATE INDEX "company_memberships_user_idx" ON "company_memberships" USING btree ("user_id") WHERE "company_memberships"."left_at" is null;--> statement-breakpoint
-- One rule for every path that moves people (invites, removal, company deletion, account deletion, seeds):
-- a profile entering a company opens a membership, leaving or being deleted closes it.
CREATE FUNCTION company_membership_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE company_memberships SET left_at = coalesce(left_at, now()), user_id = NULL WHERE user_id = OLD.user_id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.company_id IS NOT NULL AND NEW.company_id IS DISTINCT FROM OLD.company_id THEN
    UPDATE company_memberships SET left_at = now()
    WHERE user_id = OLD.user_id AND company_id = OLD.company_id AND left_at IS NULL;
  END IF;
  IF NEW.company_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.company_id IS DISTINCT FROM OLD.company_id) THEN
    INSERT INTO company_memberships (company_id, user_id, joined_at)
    VALUES (NEW.company_id, NEW.user_id, CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_company_membership AFTER INSERT OR UPDATE OF company_id OR DELETE ON profiles
FOR EACH ROW EXECUTE FUNCTION company_membership_track();--> statement-breakpoint
INSERT INTO company_memberships (company_id, user_id, joined_at)
SELECT company_id, user_id, created_at FROM profiles WHERE company_id IS NOT NULL;
