CREATE TABLE "onsite_approval_steps" (
	"onsite_request_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"rule" varchar(20) NOT NULL,
	"approver_user_id" integer,
	"approver_role" varchar(20),
	"source" varchar(20),
	"decision" smallint,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"comment" text,
	CONSTRAINT "onsite_approval_steps_onsite_request_id_position_pk" PRIMARY KEY("onsite_request_id","position")
);
--> statement-breakpoint
CREATE TABLE "overtime_approval_steps" (
	"overtime_staff_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"rule" varchar(20) NOT NULL,
	"approver_user_id" integer,
	"approver_role" varchar(20),
	"source" varchar(20),
	"decision" smallint,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"comment" text,
	CONSTRAINT "overtime_approval_steps_overtime_staff_id_position_pk" PRIMARY KEY("overtime_staff_id","position")
);
--> statement-breakpoint
ALTER TABLE "approval_flow_steps" ADD COLUMN "role" varchar(20);--> statement-breakpoint
ALTER TABLE "request_approval_steps" ADD COLUMN "approver_role" varchar(20);--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD COLUMN "approver_role" varchar(20);--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD COLUMN "approval_flow_id" integer;--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD COLUMN "approval_flow_name" varchar(200);--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD COLUMN "approval_step" smallint;--> statement-breakpoint
ALTER TABLE "overtime_request_staff" ADD COLUMN "approval_step_count" smallint;--> statement-breakpoint
ALTER TABLE "overtime_requests" ADD COLUMN "assignee_role" varchar(20);--> statement-breakpoint
ALTER TABLE "onsite_requests" ADD COLUMN "approver_role" varchar(20);--> statement-breakpoint
ALTER TABLE "onsite_requests" ADD COLUMN "approval_flow_id" integer;--> statement-breakpoint
ALTER TABLE "onsite_requests" ADD COLUMN "approval_flow_name" varchar(200);--> statement-breakpoint
ALTER TABLE "onsite_requests" ADD COLUMN "approval_step" smallint;--> statement-breakpoint
ALTER TABLE "onsite_requests" ADD COLUMN "approval_step_count" smallint;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "assignee_role" varchar(20);--> statement-breakpoint
ALTER TABLE "onsite_approval_steps" ADD CONSTRAINT "onsite_approval_steps_onsite_request_id_onsite_requests_id_fk" FOREIGN KEY ("onsite_request_id") REFERENCES "public"."onsite_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_approval_steps" ADD CONSTRAINT "onsite_approval_steps_approver_user_id_users_id_fk" FOREIGN KEY ("approver_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsite_approval_steps" ADD CONSTRAINT "onsite_approval_steps_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_approval_steps" ADD CONSTRAINT "overtime_approval_steps_overtime_staff_id_overtime_request_staff_id_fk" FOREIGN KEY ("overtime_staff_id") REFERENCES "public"."overtime_request_staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_approval_steps" ADD CONSTRAINT "overtime_approval_steps_approver_user_id_users_id_fk" FOREIGN KEY ("approver_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtime_approval_steps" ADD CONSTRAINT "overtime_approval_steps_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_assignee_role_idx" ON "requests" USING btree ("assignee_role","status") WHERE assignee_role is not null;