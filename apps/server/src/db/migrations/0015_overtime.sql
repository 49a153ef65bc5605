CREATE TABLE "overtime_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"overtime_request_id" integer NOT NULL,
	"receiver_employee_id" integer,
	"author_user_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "overtime_pay_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"overtime_request_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"ot_date" date NOT NULL,
	"work_date" date NOT NULL,
	"shift" varchar(40) NOT NULL,
	"date_type" varchar(10) NOT NULL,
	"is_night" boolean NOT NULL,
	"check_in_actual" timestamp with time zone,
	"check_out_actual" timestamp with time zone,
	"duration_actual" numeric(6, 2) NOT NULL,
	"duration_confirm" numeric(6, 2),
	"reason" text,
	"coefficient" integer NOT NULL,
	"tax_coefficient" integer NOT NULL,
	"pay_hours" numeric(8, 2) NOT NULL,
	"non_tax_hours" numeric(8, 2) NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "overtime_request_cc" (
	"overtime_request_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	CONSTRAINT "overtime_request_cc_pk" PRIMARY KEY("overtime_request_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "overtime_request_files" (
	"overtime_request_id" integer NOT NULL,
	"stored_file_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "overtime_request_files_pk" PRIMARY KEY("overtime_request_id","stored_file_id")
);
--> statement-breakpoint
CREATE TABLE "overtime_request_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"overtime_request_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"approver_user_id" integer,
	"reject_reason" text,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"check_in" timestamp with time zone,
	"check_out" timestamp with time zone,
	"total_time_actual" numeric(6, 2),
	"total_time_confirm" numeric(6, 2),
	"offset_hours_credited" numeric(6, 2) DEFAULT '0' NOT NULL,
	"pay_computed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "overtime_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"title" varchar(200) NOT NULL,
	"project_id" integer NOT NULL,
	"ot_date" date NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"ot_type" varchar(40) NOT NULL,
	"date_type" varchar(10) NOT NULL,
	"description" text,
	"source" varchar(10) DEFAULT 'FORM' NOT NULL,
	"status" smallint,
	"is_ot_paid_by_offset_day" boolean DEFAULT false NOT NULL,
	"assignee_user_id" integer,
	"pm_user_id" integer,
	"manager_user_id" integer,
	"created_by_user_id" integer,
	"reject_all_reason" text,
	"withdraw_reason" text,
	"reasons_for_rejection" text,
	"reason_for_cancellation" text,
	"confirmed_by_user_id" integer,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_config_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_code" varchar(40) NOT NULL,
	"table_config" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payroll_config_tables_table_code_unique" UNIQUE("table_code")
);
--> statement-breakpoint
ALTER TABLE "overtime_comments" ADD CONSTRAINT "overtime_comments_overtime_request_id_overtime_requests_id_fk" FOREIGN KEY ("overtime_request_id") REFERENCES "public"."overtime_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_comments" ADD CONSTRAINT "overtime_comments_receiver_employee_id_employees_id_fk" FOREIGN KEY ("receiver_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_comments" ADD CONSTRAINT "overtime_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_pay_lines" ADD CONSTRAINT "overtime_pay_lines_overtime_request_id_overtime_requests_id_fk" FOREIGN KEY ("overtime_request_id") REFERENCES "public"."overtime_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_pay_lines" ADD CONSTRAINT "overtime_pay_lines_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_request_cc" ADD CONSTRAINT "overtime_request_cc_overtime_request_id_overtime_requests_id_fk" FOREIGN KEY ("overtime_request_id") REFERENCES "public"."overtime_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_request_cc" ADD CONSTRAINT "overtime_request_cc_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_request_files" ADD CONSTRAINT "overtime_request_files_overtime_request_id_overtime_requests_id_fk" FOREIGN KEY ("overtime_request_id") REFERENCES "public"."overtime_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_request_files" ADD CONSTRAINT "overtime_request_files_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD CONSTRAINT "overtime_request_staff_overtime_request_id_overtime_requests_id_fk" FOREIGN KEY ("overtime_request_id") REFERENCES "public"."overtime_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD CONSTRAINT "overtime_request_staff_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD CONSTRAINT "overtime_request_staff_approver_user_id_users_id_fk" FOREIGN KEY ("approver_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD CONSTRAINT "overtime_request_staff_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_requests" ADD CONSTRAINT "overtime_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_requests" ADD CONSTRAINT "overtime_requests_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_requests" ADD CONSTRAINT "overtime_requests_pm_user_id_users_id_fk" FOREIGN KEY ("pm_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_requests" ADD CONSTRAINT "overtime_requests_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_requests" ADD CONSTRAINT "overtime_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_requests" ADD CONSTRAINT "overtime_requests_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_config_tables" ADD CONSTRAINT "payroll_config_tables_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "overtime_comments_request_idx" ON "overtime_comments" USING btree ("overtime_request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "overtime_pay_lines_uq" ON "overtime_pay_lines" USING btree ("overtime_request_id","employee_id","shift");--> statement-breakpoint
CREATE INDEX "overtime_pay_lines_employee_date_idx" ON "overtime_pay_lines" USING btree ("employee_id","ot_date");--> statement-breakpoint
CREATE INDEX "overtime_pay_lines_date_idx" ON "overtime_pay_lines" USING btree ("ot_date");--> statement-breakpoint
CREATE UNIQUE INDEX "overtime_request_staff_uq" ON "overtime_request_staff" USING btree ("overtime_request_id","employee_id");--> statement-breakpoint
CREATE INDEX "overtime_request_staff_employee_idx" ON "overtime_request_staff" USING btree ("employee_id","overtime_request_id");--> statement-breakpoint
CREATE INDEX "overtime_requests_kind_date_idx" ON "overtime_requests" USING btree ("kind","ot_date","id");--> statement-breakpoint
CREATE INDEX "overtime_requests_project_date_idx" ON "overtime_requests" USING btree ("project_id","ot_date");--> statement-breakpoint
CREATE INDEX "overtime_requests_assignee_idx" ON "overtime_requests" USING btree ("assignee_user_id","ot_date");--> statement-breakpoint
CREATE INDEX "overtime_requests_creator_idx" ON "overtime_requests" USING btree ("created_by_user_id","ot_date");--> statement-breakpoint
-- RULES.md §6 default coefficients (percent) and spec 002 §3 Bonus In Month; each tax_coefficient_* is the taxable part.
INSERT INTO "payroll_config_tables" ("table_code", "table_config") VALUES
('payroll_overtime', '[{"key":"coefficient_workday","value":150},{"key":"coefficient_night_workday","value":200},{"key":"coefficient_night_workday_has_day_time","value":210},{"key":"coefficient_day_off","value":200},{"key":"coefficient_night_day_off","value":270},{"key":"coefficient_holiday","value":300},{"key":"coefficient_night_holiday","value":390},{"key":"tax_coefficient_workday","value":100},{"key":"tax_coefficient_night_workday","value":100},{"key":"tax_coefficient_day_off","value":100},{"key":"tax_coefficient_night_day_off","value":100},{"key":"tax_coefficient_holiday","value":100},{"key":"tax_coefficient_night_holiday","value":100}]'::jsonb),
('bonus', '[{"key":"staff","value":0},{"key":"management","value":0}]'::jsonb);
