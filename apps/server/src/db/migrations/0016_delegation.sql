CREATE TABLE "delegation_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"delegation_id" integer NOT NULL,
	"staff_employee_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delegations" (
	"id" serial PRIMARY KEY NOT NULL,
	"delegator_employee_id" integer NOT NULL,
	"creator_user_id" integer,
	"flag" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delegation_members" ADD CONSTRAINT "delegation_members_delegation_id_delegations_id_fk" FOREIGN KEY ("delegation_id") REFERENCES "public"."delegations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_members" ADD CONSTRAINT "delegation_members_staff_employee_id_employees_id_fk" FOREIGN KEY ("staff_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_delegator_employee_id_employees_id_fk" FOREIGN KEY ("delegator_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegation_members_staff_range_idx" ON "delegation_members" USING btree ("staff_employee_id","from_date","to_date");--> statement-breakpoint
CREATE INDEX "delegation_members_delegation_idx" ON "delegation_members" USING btree ("delegation_id");--> statement-breakpoint
CREATE INDEX "delegations_live_delegator_idx" ON "delegations" USING btree ("delegator_employee_id") WHERE deleted_at is null;