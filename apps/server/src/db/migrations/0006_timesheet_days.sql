CREATE TABLE "abnormal_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"abnormal_date" date NOT NULL,
	"reason" varchar(16) NOT NULL,
	"minute_violation" integer DEFAULT 0 NOT NULL,
	"check_in" varchar(5),
	"check_out" varchar(5),
	"start_time" varchar(5),
	"end_time" varchar(5),
	"status" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheet_days" (
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"period_id" integer,
	"day_type" varchar(12) NOT NULL,
	"schedule_code" varchar(200),
	"mode" varchar(4),
	"check_in_at" timestamp with time zone,
	"check_out_at" timestamp with time zone,
	"check_in" varchar(5),
	"check_out" varchar(5),
	"punch_count" smallint DEFAULT 0 NOT NULL,
	"morning_credit" varchar(10),
	"afternoon_credit" varchar(10),
	"computed_value" numeric(4, 2),
	"value" numeric(4, 2),
	"overridden" boolean DEFAULT false NOT NULL,
	"late_minutes" integer DEFAULT 0 NOT NULL,
	"early_minutes" integer DEFAULT 0 NOT NULL,
	"absent_minutes" integer DEFAULT 0 NOT NULL,
	"worked_minutes" integer DEFAULT 0 NOT NULL,
	"request_minutes" integer DEFAULT 0 NOT NULL,
	"explanation_refund_minutes" integer DEFAULT 0 NOT NULL,
	"explanation_uses" smallint DEFAULT 0 NOT NULL,
	"is_late_coming" boolean DEFAULT false NOT NULL,
	"is_early_leaving" boolean DEFAULT false NOT NULL,
	"abnormal_reason" varchar(16),
	"notation" varchar(20),
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_days_pk" PRIMARY KEY("employee_id","date")
);
--> statement-breakpoint
CREATE TABLE "timesheet_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"value" numeric(4, 2),
	"comment" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abnormal_cases" ADD CONSTRAINT "abnormal_cases_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_overrides" ADD CONSTRAINT "timesheet_overrides_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_overrides" ADD CONSTRAINT "timesheet_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "abnormal_cases_employee_date_uq" ON "abnormal_cases" USING btree ("employee_id","abnormal_date");--> statement-breakpoint
CREATE INDEX "abnormal_cases_date_idx" ON "abnormal_cases" USING btree ("abnormal_date");--> statement-breakpoint
CREATE INDEX "timesheet_days_date_employee_idx" ON "timesheet_days" USING btree ("date","employee_id");--> statement-breakpoint
CREATE INDEX "timesheet_overrides_employee_date_idx" ON "timesheet_overrides" USING btree ("employee_id","date","created_at");