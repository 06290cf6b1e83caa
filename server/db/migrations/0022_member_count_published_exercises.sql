ALTER TABLE "companies" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "published_daily_buckets" ADD COLUMN "exercises" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "company_memberships_left_idx" ON "company_memberships" USING btree ("company_id","left_at") WHERE "company_memberships"."left_at" is not null;--> statement-breakpoint
-- The membership trigger (0007) also keeps companies.member_count, so the manager's reads read a column
-- instead of counting the company's profiles (docs/decisions/021). Same paths, same single rule.
CREATE OR REPLACE FUNCTION company_membership_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE company_memberships SET left_at = coalesce(left_at, now()), user_id = NULL WHERE user_id = OLD.user_id;
    IF OLD.company_id IS NOT NULL THEN
      UPDATE companies SET member_count = member_count - 1 WHERE id = OLD.company_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.company_id IS NOT NULL AND NEW.company_id IS DISTINCT FROM OLD.company_id THEN
    UPDATE company_memberships SET left_at = now()
    WHERE user_id = OLD.user_id AND company_id = OLD.company_id AND left_at IS NULL;
    UPDATE companies SET member_count = member_count - 1 WHERE id = OLD.company_id;
  END IF;
  IF NEW.company_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.company_id IS DISTINCT FROM OLD.company_id) THEN
    INSERT INTO company_memberships (company_id, user_id, joined_at)
    VALUES (NEW.company_id, NEW.user_id, CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END);
    UPDATE companies SET member_count = member_count + 1 WHERE id = NEW.company_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE companies c SET member_count = (SELECT count(*) FROM profiles p WHERE p.company_id = c.id);--> statement-breakpoint
-- Days published before this migration take the exercise counts the live rollup holds for them now.
UPDATE published_daily_buckets b SET exercises = coalesce(
  (SELECT sum(s.exercises) FROM company_daily_stats s WHERE s.company_id = b.company_id AND s.day = b.day), 0);
