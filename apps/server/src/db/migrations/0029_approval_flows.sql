CREATE TABLE "approval_flow_steps" (
	"flow_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"rule" varchar(20) NOT NULL,
	"user_id" integer,
	CONSTRAINT "approval_flow_steps_flow_id_position_pk" PRIMARY KEY("flow_id","position")
);
--> statement-breakpoint
CREATE TABLE "approval_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"item_kind" varchar(30) NOT NULL,
	"reason_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"amount_over" numeric(10, 2),
	"amount_at_most" numeric(10, 2),
	"division_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"department_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"requester_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"priority" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_approval_steps" (
	"request_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"rule" varchar(20) NOT NULL,
	"approver_user_id" integer,
	"source" varchar(20),
	"decision" smallint,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"comment" text,
	CONSTRAINT "request_approval_steps_request_id_position_pk" PRIMARY KEY("request_id","position")
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "approval_flow_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "approval_flow_name" varchar(200);--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "approval_step" smallint;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "approval_step_count" smallint;--> statement-breakpoint
ALTER TABLE "approval_flow_steps" ADD CONSTRAINT "approval_flow_steps_flow_id_approval_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."approval_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flow_steps" ADD CONSTRAINT "approval_flow_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flows" ADD CONSTRAINT "approval_flows_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_approval_steps" ADD CONSTRAINT "request_approval_steps_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_approval_steps" ADD CONSTRAINT "request_approval_steps_approver_user_id_users_id_fk" FOREIGN KEY ("approver_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_approval_steps" ADD CONSTRAINT "request_approval_steps_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_flows_kind_priority_idx" ON "approval_flows" USING btree ("item_kind","priority","id") WHERE active;--> statement-breakpoint
CREATE INDEX "requests_flow_idx" ON "requests" USING btree ("approval_flow_id");