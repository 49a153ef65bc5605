CREATE TABLE "leave_fund_row_files" (
	"fund_row_id" integer NOT NULL,
	"stored_file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_fund_row_files_pk" PRIMARY KEY("fund_row_id","stored_file_id")
);
--> statement-breakpoint
CREATE TABLE "leave_general_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"seniority_leave_hour" numeric(6, 2) NOT NULL,
	"seniority_leave_year" numeric(6, 2) NOT NULL,
	"conditional_month" integer NOT NULL,
	"leave_hour_in_month" numeric(6, 2) NOT NULL,
	"advance_leave" integer NOT NULL,
	"apply_date" date NOT NULL,
	"expire_date" date NOT NULL,
	"object_type" varchar(40),
	"created_by" integer,
	"modified_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"contract_type" varchar(20) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leave_fund_rows" ADD COLUMN "source_key" varchar(80);--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "leave_fund_row_files" ADD CONSTRAINT "leave_fund_row_files_fund_row_id_leave_fund_rows_id_fk" FOREIGN KEY ("fund_row_id") REFERENCES "public"."leave_fund_rows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_fund_row_files" ADD CONSTRAINT "leave_fund_row_files_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_contracts" ADD CONSTRAINT "employee_contracts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_fund_row_files_file_idx" ON "leave_fund_row_files" USING btree ("stored_file_id");--> statement-breakpoint
CREATE INDEX "leave_general_configs_apply_idx" ON "leave_general_configs" USING btree ("apply_date");--> statement-breakpoint
CREATE INDEX "leave_general_configs_expire_idx" ON "leave_general_configs" USING btree ("expire_date");--> statement-breakpoint
CREATE INDEX "employee_contracts_employee_idx" ON "employee_contracts" USING btree ("employee_id","start_date");--> statement-breakpoint
CREATE INDEX "leave_fund_rows_employee_expire_idx" ON "leave_fund_rows" USING btree ("employee_id","expire_date");--> statement-breakpoint
CREATE INDEX "leave_fund_rows_project_idx" ON "leave_fund_rows" USING btree ("project_id") WHERE "leave_fund_rows"."project_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "leave_fund_rows_source_key_uq" ON "leave_fund_rows" USING btree ("employee_id","source_key") WHERE "leave_fund_rows"."source_key" is not null and "leave_fund_rows"."deleted_at" is null;