-- RULES.md §8: history is append-only; the application cannot rewrite or remove an entry.
CREATE OR REPLACE FUNCTION history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'history is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER history_no_update_delete BEFORE UPDATE OR DELETE ON history
  FOR EACH ROW EXECUTE FUNCTION history_append_only();
--> statement-breakpoint
CREATE TRIGGER history_no_truncate BEFORE TRUNCATE ON history
  FOR EACH STATEMENT EXECUTE FUNCTION history_append_only();
