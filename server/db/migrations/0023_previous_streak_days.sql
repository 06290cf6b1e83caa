-- The streak rule of core/streak.ts (previousRunDays, the reference this must equal), for the
-- check-in's own statement (docs/decisions/023). `days`: the person's check-in days before `on_day`,
-- newest first, without repeats. Walks the unbroken stretches from the newest: a stretch continues the
-- run when it ends the day before the newer one begins, or two days before (one missed day) and it has
-- `freeze_every` days or more. A loop over at most a few weeks of days replaced five window and sort
-- steps that the executor set up on every check-in (docs/decisions/021).
CREATE FUNCTION previous_streak_days(days date[], on_day date, freeze_every int) RETURNS int
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  total int := 0;
  expected_end date := on_day - 1;
  n int := coalesce(array_length(days, 1), 0);
  i int := 1;
  stretch_first date;
  stretch_days int;
BEGIN
  WHILE i <= n LOOP
    stretch_first := days[i];
    stretch_days := 1;
    WHILE i + stretch_days <= n AND days[i + stretch_days] = stretch_first - 1 LOOP
      stretch_first := stretch_first - 1;
      stretch_days := stretch_days + 1;
    END LOOP;
    IF NOT (days[i] = expected_end OR (days[i] = expected_end - 1 AND stretch_days >= freeze_every)) THEN
      EXIT;
    END IF;
    total := total + stretch_days;
    expected_end := stretch_first - 1;
    i := i + stretch_days;
  END LOOP;
  RETURN total;
END
$$;
