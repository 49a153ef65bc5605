CREATE TABLE "reason_types" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"request_type" varchar(30) NOT NULL,
	"request_code" varchar(20) NOT NULL,
	"name_en" text NOT NULL,
	"name_vi" text NOT NULL,
	"effect" varchar(10) DEFAULT 'NONE' NOT NULL,
	"paid" boolean DEFAULT true NOT NULL,
	"social_insurance" boolean DEFAULT false NOT NULL,
	"requires_file" boolean DEFAULT false NOT NULL,
	"covers" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_cc" (
	"request_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	CONSTRAINT "request_cc_pk" PRIMARY KEY("request_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "request_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"shift" varchar(10),
	"minutes" integer,
	"start_time" varchar(5),
	"end_time" varchar(5),
	"hours" numeric(10, 4) DEFAULT '0' NOT NULL,
	"fund_uses" smallint
);
--> statement-breakpoint
CREATE TABLE "request_files" (
	"request_id" integer NOT NULL,
	"stored_file_id" integer NOT NULL,
	"folder" varchar(40) NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_files_pk" PRIMARY KEY("request_id","stored_file_id")
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"request_type" varchar(30) NOT NULL,
	"reason_type" varchar(40) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_shift" varchar(10),
	"end_shift" varchar(10),
	"quantity_in_hours" numeric(10, 4) DEFAULT '0' NOT NULL,
	"quantity_in_minutes" integer DEFAULT 0 NOT NULL,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"assignee_user_id" integer,
	"original_assignee_user_id" integer,
	"status_before_delegation" smallint,
	"approved_by_user_id" integer,
	"created_by_user_id" integer,
	"created_by_role" varchar(20),
	"reasons_for_rejection" text,
	"withdraw_reason" text,
	"is_explanation" boolean DEFAULT false NOT NULL,
	"abnormal_case_id" integer,
	"title" text,
	"actual" text,
	"reason_detail" text,
	"absent_type" varchar(40),
	"explanation_hours" numeric(6, 2),
	"project_id" integer,
	"leaving_type" varchar(40),
	"is_flexible" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_explanations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"type" varchar(40) NOT NULL,
	"request_type" varchar(30) DEFAULT 'EXPLANATION_REQUEST' NOT NULL,
	"time_hours" numeric(5, 2) NOT NULL,
	"description" text,
	"cc_employee_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"is_from_sf4c" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_cc" ADD CONSTRAINT "request_cc_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_cc" ADD CONSTRAINT "request_cc_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_dates" ADD CONSTRAINT "request_dates_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_dates" ADD CONSTRAINT "request_dates_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_files" ADD CONSTRAINT "request_files_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_files" ADD CONSTRAINT "request_files_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_reason_type_reason_types_code_fk" FOREIGN KEY ("reason_type") REFERENCES "public"."reason_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_original_assignee_user_id_users_id_fk" FOREIGN KEY ("original_assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_abnormal_case_id_abnormal_cases_id_fk" FOREIGN KEY ("abnormal_case_id") REFERENCES "public"."abnormal_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_explanations" ADD CONSTRAINT "special_explanations_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_explanations" ADD CONSTRAINT "special_explanations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_dates_employee_date_idx" ON "request_dates" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "request_dates_request_idx" ON "request_dates" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "requests_employee_date_idx" ON "requests" USING btree ("employee_id","start_date");--> statement-breakpoint
CREATE INDEX "requests_assignee_status_idx" ON "requests" USING btree ("assignee_user_id","status","start_date");--> statement-breakpoint
CREATE INDEX "requests_status_date_idx" ON "requests" USING btree ("status","start_date");--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "requests_abnormal_idx" ON "requests" USING btree ("abnormal_case_id");--> statement-breakpoint
CREATE INDEX "requests_explanation_date_idx" ON "requests" USING btree ("is_explanation","start_date");--> statement-breakpoint
CREATE INDEX "special_explanations_employee_date_idx" ON "special_explanations" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "special_explanations_date_idx" ON "special_explanations" USING btree ("date");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."is_read";--> statement-breakpoint
INSERT INTO "reason_types" ("code", "request_type", "request_code", "name_en", "name_vi", "effect", "paid", "social_insurance", "requires_file", "sort_order") VALUES
  ('ANN_LEAVE_CORP', 'LEAVE_REQUEST', 'TIME_OFF', 'Annual leave', 'Nghỉ phép năm', 'ANNUAL', true, false, false, 1),
  ('LOA_CORP_11', 'LEAVE_REQUEST', 'TIME_OFF', 'Offset leave', 'Nghỉ bù', 'OFFSET', true, false, false, 2),
  ('BIRTHDAY_LEAVE', 'LEAVE_REQUEST', 'TIME_OFF', 'Birthday leave', 'Nghỉ sinh nhật', 'BIRTHDAY', true, false, false, 3),
  ('PROJECT_LEAVE', 'LEAVE_REQUEST', 'TIME_OFF', 'Project leave', 'Nghỉ dự án', 'PROJECT', true, false, false, 4),
  ('PAID_LEAVE_WEDDING', 'LEAVE_REQUEST', 'TIME_OFF', 'Wedding leave', 'Nghỉ cưới', 'NONE', true, false, false, 5),
  ('PAID_LEAVE_FUNERAL', 'LEAVE_REQUEST', 'TIME_OFF', 'Funeral leave', 'Nghỉ tang', 'NONE', true, false, false, 6),
  ('SICK_LEAVE_SI', 'LEAVE_REQUEST', 'TIME_OFF', 'Sick leave (social insurance)', 'Nghỉ ốm (BHXH)', 'NONE', false, true, true, 7),
  ('MATERNITY_LEAVE', 'LEAVE_REQUEST', 'TIME_OFF', 'Maternity leave', 'Nghỉ thai sản', 'NONE', false, true, true, 8),
  ('UNPAID_LEAVE', 'LEAVE_REQUEST', 'TIME_OFF', 'Unpaid leave', 'Nghỉ không lương', 'NONE', false, false, false, 9),
  ('FORGOT_CHECK_IN_OUT', 'EXPLANATION_REQUEST', 'EXPLANATION', 'Forgot to check in/out', 'Quên chấm công', 'NONE', true, false, false, 20),
  ('LATE_TRAFFIC', 'EXPLANATION_REQUEST', 'EXPLANATION', 'Late because of traffic', 'Đi muộn do tắc đường', 'NONE', true, false, false, 21),
  ('WORK_ISSUE', 'EXPLANATION_REQUEST', 'EXPLANATION', 'Work-related reason', 'Lý do công việc', 'NONE', true, false, false, 22),
  ('NOT_ENOUGH_WORKING_HOURS', 'EXPLANATION_REQUEST', 'ABSENCE', 'Not enough working hours', 'Không đủ giờ làm việc', 'NONE', true, false, false, 23),
  ('PERSONAL_REASON', 'EXPLANATION_REQUEST', 'EXPLANATION', 'Personal reason', 'Lý do cá nhân', 'NONE', true, false, false, 24),
  ('WORK_OUTSIDE', 'WORK_OUTSIDE', 'TIME_OFF', 'Work outside', 'Làm việc bên ngoài', 'NONE', true, false, false, 30),
  ('ONSITE', 'ONSITE', 'TIME_OFF', 'Onsite', 'Công tác', 'NONE', true, false, false, 31);
