ALTER TABLE "reason_types" ADD COLUMN "notation" varchar(20);--> statement-breakpoint
ALTER TABLE "timesheet_days" ADD COLUMN "punches_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timesheet_days" ADD COLUMN "punches_to" timestamp with time zone;--> statement-breakpoint
-- RULES.md §4: a shift covered by leave shows the leave's notation (the demo notation table's codes).
UPDATE "reason_types" SET "notation" = CASE "code"
  WHEN 'ANN_LEAVE_CORP' THEN 'P'
  WHEN 'PROJECT_LEAVE' THEN 'P'
  WHEN 'LOA_CORP_11' THEN 'O'
  WHEN 'BIRTHDAY_LEAVE' THEN 'SN'
  WHEN 'PAID_LEAVE_WEDDING' THEN 'R'
  WHEN 'PAID_LEAVE_FUNERAL' THEN 'R'
  WHEN 'SICK_LEAVE_SI' THEN 'OM'
  WHEN 'MATERNITY_LEAVE' THEN 'TS'
  WHEN 'UNPAID_LEAVE' THEN 'KL'
END WHERE "request_type" = 'LEAVE_REQUEST';
