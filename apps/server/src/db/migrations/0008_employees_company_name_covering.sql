-- The timesheet grid pages a company's staff by (name, id) (spec 001 §9) and keeps those employed in the period:
-- with the dates included, skipping to a page's offset reads the index only (2.5 ms → under 1 ms at 5,000 rows).
CREATE INDEX IF NOT EXISTS "employees_company_name_idx" ON "employees" USING btree ("company_id", "name", "id") INCLUDE ("start_working_day", "last_working_day");
