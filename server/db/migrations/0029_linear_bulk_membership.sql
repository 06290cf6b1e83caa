-- Linear bulk membership (issue 37). The row trigger of 0007/0022 updated companies.member_count once per
-- inserted or deleted profile: within one statement each update of the same company row walks the row
-- versions the statement already left, so 50,000 people added at once cost 50,000²/2 steps, and each deleted
-- profile scanned every membership for its user. Inserts and deletes now run a statement-level trigger that
-- reads the statement's rows once (transition tables): one membership row each, one count update per
-- company. A move between companies (UPDATE OF company_id, one person at a time) keeps the row trigger:
-- PostgreSQL gives no transition table to a trigger on a column list, and one on every profile update would
-- run on each check-in's XP update.
CREATE OR REPLACE FUNCTION company_membership_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.company_id IS NOT NULL THEN
    UPDATE company_memberships SET left_at = now()
    WHERE user_id = OLD.user_id AND company_id = OLD.company_id AND left_at IS NULL;
    UPDATE companies SET member_count = member_count - 1 WHERE id = OLD.company_id;
  END IF;
  IF NEW.company_id IS NOT NULL THEN
    INSERT INTO company_memberships (company_id, user_id, joined_at) VALUES (NEW.company_id, NEW.user_id, now());
    UPDATE companies SET member_count = member_count + 1 WHERE id = NEW.company_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER profiles_company_membership ON profiles;--> statement-breakpoint
CREATE TRIGGER profiles_company_membership AFTER UPDATE OF company_id ON profiles
FOR EACH ROW WHEN (NEW.company_id IS DISTINCT FROM OLD.company_id) EXECUTE FUNCTION company_membership_track();--> statement-breakpoint
CREATE FUNCTION company_memberships_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_memberships (company_id, user_id, joined_at)
  SELECT company_id, user_id, created_at FROM added WHERE company_id IS NOT NULL;
  UPDATE companies c SET member_count = c.member_count + a.n
  FROM (SELECT company_id, count(*)::int AS n FROM added WHERE company_id IS NOT NULL GROUP BY company_id) a
  WHERE c.id = a.company_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_company_memberships_added AFTER INSERT ON profiles
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION company_memberships_added();--> statement-breakpoint
CREATE FUNCTION company_memberships_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every stint of each deleted person ends (if open) and loses its person; the dates stay.
  UPDATE company_memberships m SET left_at = coalesce(m.left_at, now()), user_id = NULL
  FROM removed r WHERE m.user_id = r.user_id;
  UPDATE companies c SET member_count = c.member_count - r.n
  FROM (SELECT company_id, count(*)::int AS n FROM removed WHERE company_id IS NOT NULL GROUP BY company_id) r
  WHERE c.id = r.company_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_company_memberships_removed AFTER DELETE ON profiles
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION company_memberships_removed();
