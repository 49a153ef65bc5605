CREATE TABLE "app_keys" (
	"name" varchar(50) PRIMARY KEY NOT NULL,
	"public_pem" text NOT NULL,
	"private_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(200) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"success" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role" varchar(20) NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"password_hash" text NOT NULL,
	"employee_id" integer,
	"disabled" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"password_changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "leave_fund_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"fund_type" varchar(40) NOT NULL,
	"amount" numeric(10, 3) NOT NULL,
	"apply_date" date NOT NULL,
	"expire_date" date NOT NULL,
	"description" text,
	"financial_year" integer,
	"project_id" integer,
	"created_by" integer,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leave_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"fund_row_id" integer NOT NULL,
	"amount" numeric(10, 3) NOT NULL,
	"cause" varchar(20) NOT NULL,
	"cause_ref" varchar(80),
	"entry_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "companies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"department_code" varchar(50) NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"department_type" varchar(20) NOT NULL,
	"parent_id" integer,
	"lead_employee_id" integer,
	"status" varchar(20) DEFAULT 'Active' NOT NULL,
	CONSTRAINT "departments_department_code_unique" UNIQUE("department_code")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"gender" varchar(1),
	"date_of_birth" date,
	"email" text NOT NULL,
	"personal_email" text,
	"user_name" varchar(100) NOT NULL,
	"company_id" integer NOT NULL,
	"location" varchar(30),
	"department_id" integer NOT NULL,
	"division_id" integer NOT NULL,
	"sub_department" text,
	"sub_department_2" text,
	"employee_status" varchar(20) DEFAULT 'Active' NOT NULL,
	"job_level" varchar(30),
	"position_title" text,
	"nationality" varchar(10),
	"work_schedule_type" varchar(30),
	"work_schedule_apply_date" date,
	"sf4c_id" varchar(50),
	"contract_type" varchar(20),
	"number_of_year" numeric(6, 2),
	"contract_start_date" date,
	"contract_end_date" date,
	"start_working_day" date NOT NULL,
	"last_working_day" date,
	"seniority_date" date,
	"holiday_calendar_code" varchar(50) DEFAULT 'VNM_NPH' NOT NULL,
	"total_annual_leave" numeric(10, 2) DEFAULT '0' NOT NULL,
	"remain_annual_leave" numeric(10, 2) DEFAULT '0' NOT NULL,
	"remain_unpaid_leave" numeric(10, 2) DEFAULT '0' NOT NULL,
	"remain_maternity_leave" numeric(10, 2) DEFAULT '0' NOT NULL,
	"remain_birthday_leave" numeric(4, 2) DEFAULT '1' NOT NULL,
	"remain_offset_leave" numeric(10, 2) DEFAULT '0' NOT NULL,
	"annual_leave_start_date" date,
	"annual_leave_end_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holiday_calendars" (
	"code" varchar(50) PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"id" serial PRIMARY KEY NOT NULL,
	"calendar_code" varchar(50) NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"from_date" date,
	"to_date" date
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_code" varchar(50) NOT NULL,
	"project_name" text NOT NULL,
	"pm_employee_id" integer,
	"status" varchar(20) DEFAULT 'Active' NOT NULL,
	"start_date" date,
	"end_date" date,
	CONSTRAINT "projects_project_code_unique" UNIQUE("project_code")
);
--> statement-breakpoint
CREATE TABLE "notations" (
	"id" serial PRIMARY KEY NOT NULL,
	"notation" varchar(20) NOT NULL,
	"definition" text NOT NULL,
	"value" varchar(10),
	CONSTRAINT "notations_notation_unique" UNIQUE("notation")
);
--> statement-breakpoint
CREATE TABLE "payroll_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"working_days" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"is_lock" boolean DEFAULT false NOT NULL,
	"review_comment" text,
	"forbidden_request_date" date,
	"forbidden_request_time_in_hour" varchar(5) DEFAULT '12:00' NOT NULL,
	"approved_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"hr_registration_type" text NOT NULL,
	"definition" text NOT NULL,
	"hr_notation" varchar(20) NOT NULL,
	"payroll_notation" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" varchar(40) NOT NULL,
	"code" varchar(40) NOT NULL,
	"error_details" text NOT NULL,
	"date_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_name" varchar(60) NOT NULL,
	"record_id" integer NOT NULL,
	"employee_id" integer,
	"action" varchar(10) NOT NULL,
	"changes" jsonb NOT NULL,
	"new_record" jsonb,
	"created_by_user_id" integer,
	"created_by_username" varchar(100),
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" varchar(80),
	"result" jsonb,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"cc" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" varchar(12) DEFAULT 'outbox' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"notification_type" varchar(40) NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"link" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"notification_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"folder" varchar(60) NOT NULL,
	"stored_name" varchar(80) NOT NULL,
	"original_name" text NOT NULL,
	"content_type" varchar(120) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"owner_table" varchar(60),
	"owner_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "attendance_check_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"account_number" integer,
	"attendance_check_id" varchar(100) NOT NULL,
	"attendance_check_system" varchar(30) NOT NULL,
	"attendance_check_name" text,
	"project" text,
	"position" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"system" varchar(30) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "punches" (
	"id" serial PRIMARY KEY NOT NULL,
	"system" varchar(30) NOT NULL,
	"attendance_check_id" varchar(100) NOT NULL,
	"employee_id" integer,
	"punched_at" timestamp with time zone NOT NULL,
	"source" varchar(20) DEFAULT 'device' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"work_schedule_code" varchar(200) NOT NULL,
	"rule_type" varchar(30) NOT NULL,
	"explanation_number" integer DEFAULT 0 NOT NULL,
	"refund_hours_per_explanation" numeric(5, 1) DEFAULT '0' NOT NULL,
	"explanation_time_per_days" integer DEFAULT 0 NOT NULL,
	"lack_of_time_allowed" integer DEFAULT 0 NOT NULL,
	"ot_type" varchar(40) NOT NULL,
	"url_policy" varchar(1500),
	"apply_date" date NOT NULL,
	"expire_date" date NOT NULL,
	"work_start_time" time,
	"work_end_time" time,
	"is_from" varchar(30),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_schedule_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_schedule_id" integer NOT NULL,
	"day" integer NOT NULL,
	"working_day" boolean NOT NULL,
	"start_time" time,
	"end_time" time,
	"break_start" time,
	"break_end" time,
	"working_time" integer,
	"minimum_working_time" integer,
	"continuous_working_time" integer,
	"break_time" integer
);
--> statement-breakpoint
CREATE TABLE "work_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_schedule_code" varchar(200) NOT NULL,
	"work_schedule_type" varchar(30) NOT NULL,
	"work_schedule_name" varchar(200) NOT NULL,
	"work_schedule_name_vi" varchar(200),
	"active" boolean DEFAULT true NOT NULL,
	"work_start_time" time NOT NULL,
	"work_end_time" time NOT NULL,
	"standard_working_time" integer NOT NULL,
	"working_time" integer NOT NULL,
	"break_time" integer DEFAULT 60 NOT NULL,
	"lack_of_time_allowed" integer DEFAULT 0 NOT NULL,
	"working_time_cal_break_time" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "work_schedules_work_schedule_code_unique" UNIQUE("work_schedule_code")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_fund_rows" ADD CONSTRAINT "leave_fund_rows_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_fund_rows" ADD CONSTRAINT "leave_fund_rows_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_ledger" ADD CONSTRAINT "leave_ledger_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_ledger" ADD CONSTRAINT "leave_ledger_fund_row_id_leave_fund_rows_id_fk" FOREIGN KEY ("fund_row_id") REFERENCES "public"."leave_fund_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_division_id_departments_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_calendar_code_holiday_calendars_code_fk" FOREIGN KEY ("calendar_code") REFERENCES "public"."holiday_calendars"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_pm_employee_id_employees_id_fk" FOREIGN KEY ("pm_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_periods" ADD CONSTRAINT "payroll_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_check_configs" ADD CONSTRAINT "attendance_check_configs_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punches" ADD CONSTRAINT "punches_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_policies" ADD CONSTRAINT "staff_policies_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_schedule_days" ADD CONSTRAINT "work_schedule_days_work_schedule_id_work_schedules_id_fk" FOREIGN KEY ("work_schedule_id") REFERENCES "public"."work_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_username_at_idx" ON "login_attempts" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_at_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_employee_idx" ON "users" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "leave_fund_rows_type_employee_idx" ON "leave_fund_rows" USING btree ("fund_type","employee_id");--> statement-breakpoint
CREATE INDEX "leave_fund_rows_type_apply_idx" ON "leave_fund_rows" USING btree ("fund_type","apply_date");--> statement-breakpoint
CREATE INDEX "leave_fund_rows_type_expire_idx" ON "leave_fund_rows" USING btree ("fund_type","expire_date");--> statement-breakpoint
CREATE INDEX "leave_fund_rows_type_created_idx" ON "leave_fund_rows" USING btree ("fund_type","created_at");--> statement-breakpoint
CREATE INDEX "leave_ledger_fund_row_idx" ON "leave_ledger" USING btree ("fund_row_id");--> statement-breakpoint
CREATE INDEX "leave_ledger_employee_idx" ON "leave_ledger" USING btree ("employee_id","entry_date");--> statement-breakpoint
CREATE INDEX "departments_parent_idx" ON "departments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "departments_lead_idx" ON "departments" USING btree ("lead_employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_name_uq" ON "employees" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "employees_department_idx" ON "employees" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "employees_division_idx" ON "employees" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "employees_name_idx" ON "employees" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "holidays_calendar_date_uq" ON "holidays" USING btree ("calendar_code","date");--> statement-breakpoint
CREATE UNIQUE INDEX "project_members_uq" ON "project_members" USING btree ("project_id","employee_id");--> statement-breakpoint
CREATE INDEX "project_members_employee_idx" ON "project_members" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "projects_pm_idx" ON "projects" USING btree ("pm_employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_periods_company_from_uq" ON "payroll_periods" USING btree ("company_id","from_date");--> statement-breakpoint
CREATE INDEX "payroll_periods_status_to_idx" ON "payroll_periods" USING btree ("status","to_date");--> statement-breakpoint
CREATE INDEX "connection_history_time_idx" ON "connection_history" USING btree ("date_time");--> statement-breakpoint
CREATE INDEX "history_record_idx" ON "history" USING btree ("table_name","record_id","id");--> statement-breakpoint
CREATE INDEX "history_created_idx" ON "history" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","notification_date");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_table","owner_id");--> statement-breakpoint
CREATE INDEX "attendance_check_configs_lookup_idx" ON "attendance_check_configs" USING btree ("attendance_check_system","attendance_check_id","start_date");--> statement-breakpoint
CREATE INDEX "attendance_check_configs_employee_idx" ON "attendance_check_configs" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "punches_uq" ON "punches" USING btree ("system","attendance_check_id","punched_at");--> statement-breakpoint
CREATE INDEX "punches_employee_at_idx" ON "punches" USING btree ("employee_id","punched_at");--> statement-breakpoint
CREATE INDEX "staff_policies_employee_dates_idx" ON "staff_policies" USING btree ("employee_id","apply_date","expire_date");--> statement-breakpoint
CREATE UNIQUE INDEX "work_schedule_days_uq" ON "work_schedule_days" USING btree ("work_schedule_id","day");