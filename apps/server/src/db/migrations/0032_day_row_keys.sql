ALTER TABLE "timesheet_days" ADD COLUMN "recalc_key" bigint;--> statement-breakpoint
-- ---- hand-written (issue 23 §4): a row written by anything but the recalculation loses its key ----
-- The recalculation skips a day whose stored key equals the key of what it computed (day-row.repository.ts). That is
-- only sound while the key describes the stored row, so any update that leaves the key as it was (an HR override, a
-- repair by hand, a data migration) clears it, and the next recalculation rewrites that row. The WHEN clause is
-- evaluated without calling the function, so the recalculation's own updates, which always change the key, pay
-- nothing for it.
CREATE OR REPLACE FUNCTION timesheet_days_forget_recalc_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.recalc_key := NULL;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER timesheet_days_forget_recalc_key BEFORE UPDATE ON timesheet_days
  FOR EACH ROW WHEN (NEW.recalc_key IS NOT DISTINCT FROM OLD.recalc_key AND OLD.recalc_key IS NOT NULL)
  EXECUTE FUNCTION timesheet_days_forget_recalc_key();
