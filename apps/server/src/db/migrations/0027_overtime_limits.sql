ALTER TABLE "departments" ADD COLUMN "ot_listed_sector" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD COLUMN "limit_override_reason" text;--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD COLUMN "limit_override_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD COLUMN "limit_override_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD CONSTRAINT "overtime_request_staff_limit_override_by_user_id_users_id_fk" FOREIGN KEY ("limit_override_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "overtime_requests_ot_date_idx" ON "overtime_requests" USING btree ("ot_date","id");--> statement-breakpoint
-- ---- hand-written data migration (issue 27 §2): the overtime limits table with its defaults (Decree 145/2020) ----
INSERT INTO "payroll_config_tables" ("table_code", "table_config") VALUES
  ('overtime_limits', '[{"key":"month_hours","value":40},{"key":"year_hours","value":200},{"key":"year_hours_listed_sector","value":300},{"key":"day_hours","value":12}]'::jsonb)
ON CONFLICT ("table_code") DO NOTHING;
