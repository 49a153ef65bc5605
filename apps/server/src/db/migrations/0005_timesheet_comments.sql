CREATE TABLE "timesheet_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"timesheet_id" integer NOT NULL,
	"content" varchar(500) NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_by" integer NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "timesheet_comments" ADD CONSTRAINT "timesheet_comments_timesheet_id_payroll_periods_id_fk" FOREIGN KEY ("timesheet_id") REFERENCES "public"."payroll_periods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_comments" ADD CONSTRAINT "timesheet_comments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_comments" ADD CONSTRAINT "timesheet_comments_last_modified_by_users_id_fk" FOREIGN KEY ("last_modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timesheet_comments_timesheet_idx" ON "timesheet_comments" USING btree ("timesheet_id","created_at") WHERE "timesheet_comments"."deleted_at" is null;