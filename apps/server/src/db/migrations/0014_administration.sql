CREATE TABLE "department_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"department_id" integer NOT NULL,
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
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onsite_request_cc" (
	"id" serial PRIMARY KEY NOT NULL,
	"onsite_request_id" integer NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onsite_request_staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"onsite_request_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"duration" numeric(4, 2) NOT NULL,
	"request_id" integer
);
--> statement-breakpoint
CREATE TABLE "onsite_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(250) NOT NULL,
	"project_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"onsite_type" varchar(20) NOT NULL,
	"location" text,
	"description" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"status_department" smallint DEFAULT 1 NOT NULL,
	"status_cb" smallint DEFAULT 1 NOT NULL,
	"approver_user_id" integer,
	"department_decided_by" integer,
	"department_decided_at" timestamp with time zone,
	"cb_decided_by" integer,
	"cb_decided_at" timestamp with time zone,
	"reasons_for_rejection" text,
	"withdraw_reason" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "department_policies" ADD CONSTRAINT "department_policies_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_request_cc" ADD CONSTRAINT "onsite_request_cc_onsite_request_id_onsite_requests_id_fk" FOREIGN KEY ("onsite_request_id") REFERENCES "public"."onsite_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_request_cc" ADD CONSTRAINT "onsite_request_cc_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_request_staff" ADD CONSTRAINT "onsite_request_staff_onsite_request_id_onsite_requests_id_fk" FOREIGN KEY ("onsite_request_id") REFERENCES "public"."onsite_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_request_staff" ADD CONSTRAINT "onsite_request_staff_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_request_staff" ADD CONSTRAINT "onsite_request_staff_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_requests" ADD CONSTRAINT "onsite_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_requests" ADD CONSTRAINT "onsite_requests_approver_user_id_users_id_fk" FOREIGN KEY ("approver_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_requests" ADD CONSTRAINT "onsite_requests_department_decided_by_users_id_fk" FOREIGN KEY ("department_decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_requests" ADD CONSTRAINT "onsite_requests_cb_decided_by_users_id_fk" FOREIGN KEY ("cb_decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_requests" ADD CONSTRAINT "onsite_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "department_policies_department_dates_idx" ON "department_policies" USING btree ("department_id","apply_date","expire_date");--> statement-breakpoint
CREATE INDEX "onsite_request_cc_request_idx" ON "onsite_request_cc" USING btree ("onsite_request_id");--> statement-breakpoint
CREATE INDEX "onsite_request_staff_request_idx" ON "onsite_request_staff" USING btree ("onsite_request_id");--> statement-breakpoint
CREATE INDEX "onsite_request_staff_employee_idx" ON "onsite_request_staff" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "onsite_requests_from_idx" ON "onsite_requests" USING btree ("from_date","id");--> statement-breakpoint
CREATE INDEX "onsite_requests_approver_idx" ON "onsite_requests" USING btree ("approver_user_id","status");--> statement-breakpoint
CREATE INDEX "onsite_requests_project_idx" ON "onsite_requests" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "history_employee_created_idx" ON "history" USING btree ("employee_id","created_at");--> statement-breakpoint
-- The policy in force for an employee on each date (RULES.md §4; spec 002 §2 Current Department Policy): the
-- employee's own staff policies, and their department's policies on the dates no staff policy of theirs covers.
-- The two sources never overlap for one employee, so "the latest applied row covering the date" stays the rule.
-- `source` is 'staff' or 'department'; `id` is the row's id in its own table.
CREATE VIEW "employee_policies" AS
SELECT sp.id, sp.employee_id, sp.work_schedule_code, sp.rule_type, sp.explanation_number,
       sp.refund_hours_per_explanation, sp.explanation_time_per_days, sp.lack_of_time_allowed, sp.ot_type,
       sp.url_policy, sp.apply_date, sp.expire_date, sp.work_start_time, sp.work_end_time, sp.is_from,
       'staff'::varchar(10) AS source
  FROM staff_policies sp
UNION ALL
SELECT dp.id, e.id AS employee_id, dp.work_schedule_code, dp.rule_type, dp.explanation_number,
       dp.refund_hours_per_explanation, dp.explanation_time_per_days, dp.lack_of_time_allowed, dp.ot_type,
       dp.url_policy, lower(part)::date AS apply_date, (upper(part) - 1)::date AS expire_date,
       NULL::time AS work_start_time, NULL::time AS work_end_time, NULL::varchar(30) AS is_from,
       'department'::varchar(10) AS source
  FROM department_policies dp
  JOIN employees e ON e.department_id = dp.department_id
  CROSS JOIN LATERAL unnest(
         datemultirange(daterange(dp.apply_date, dp.expire_date, '[]'))
         - coalesce((SELECT range_agg(daterange(s.apply_date, s.expire_date, '[]'))
                       FROM staff_policies s WHERE s.employee_id = e.id), '{}'::datemultirange)
       ) AS part;
