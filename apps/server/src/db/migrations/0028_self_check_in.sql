CREATE TABLE "check_in_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"reason" varchar(30) NOT NULL,
	"message" text NOT NULL,
	"employee_id" integer,
	"staff_id" varchar(100),
	"source" varchar(10) NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_m" double precision,
	"place_id" integer,
	"distance_m" integer,
	"network_address" varchar(64),
	"user_agent" varchar(500),
	"device_time" timestamp with time zone,
	"punched_at" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"kiosk_id" integer
);
--> statement-breakpoint
CREATE TABLE "check_in_pins" (
	"employee_id" integer PRIMARY KEY NOT NULL,
	"pin_hash" varchar(200) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_in_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"address" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_m" integer NOT NULL,
	"network_ranges" text[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosk_pin_failures" (
	"kiosk_id" integer NOT NULL,
	"staff_id" varchar(100) NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kiosk_pin_failures_kiosk_id_staff_id_pk" PRIMARY KEY("kiosk_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "kiosks" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "self_punches" (
	"id" serial PRIMARY KEY NOT NULL,
	"punch_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"source" varchar(10) NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"method" varchar(10) NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_m" double precision,
	"place_id" integer,
	"distance_m" integer,
	"network_address" varchar(64),
	"user_agent" varchar(500),
	"device_time" timestamp with time zone,
	"received_at" timestamp with time zone NOT NULL,
	"sent_late" boolean DEFAULT false NOT NULL,
	"kiosk_id" integer
);
--> statement-breakpoint
ALTER TABLE "department_policies" ADD COLUMN "self_check_in_mode" varchar(20) DEFAULT 'OFF' NOT NULL;--> statement-breakpoint
ALTER TABLE "department_policies" ADD COLUMN "self_check_in_place_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_policies" ADD COLUMN "self_check_in_mode" varchar(20) DEFAULT 'OFF' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_policies" ADD COLUMN "self_check_in_place_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "check_in_attempts" ADD CONSTRAINT "check_in_attempts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_attempts" ADD CONSTRAINT "check_in_attempts_place_id_check_in_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."check_in_places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_attempts" ADD CONSTRAINT "check_in_attempts_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_pins" ADD CONSTRAINT "check_in_pins_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_pin_failures" ADD CONSTRAINT "kiosk_pin_failures_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_place_id_check_in_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."check_in_places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_punches" ADD CONSTRAINT "self_punches_punch_id_punches_id_fk" FOREIGN KEY ("punch_id") REFERENCES "public"."punches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_punches" ADD CONSTRAINT "self_punches_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_punches" ADD CONSTRAINT "self_punches_place_id_check_in_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."check_in_places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_punches" ADD CONSTRAINT "self_punches_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_attempts_received_idx" ON "check_in_attempts" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "check_in_attempts_employee_received_idx" ON "check_in_attempts" USING btree ("employee_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_token_hash_uq" ON "kiosks" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "self_punches_employee_key_uq" ON "self_punches" USING btree ("employee_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "self_punches_punch_idx" ON "self_punches" USING btree ("punch_id");--> statement-breakpoint
-- ---- hand-written (issue 28): the view of the policy in force exposes the self check-in fields (appended columns) ----
CREATE OR REPLACE VIEW "employee_policies" AS
SELECT sp.id, sp.employee_id, sp.work_schedule_code, sp.rule_type, sp.explanation_number,
       sp.refund_hours_per_explanation, sp.explanation_time_per_days, sp.lack_of_time_allowed, sp.ot_type,
       sp.url_policy, sp.apply_date, sp.expire_date, sp.work_start_time, sp.work_end_time, sp.is_from,
       'staff'::varchar(10) AS source, sp.self_check_in_mode, sp.self_check_in_place_ids
  FROM staff_policies sp
UNION ALL
SELECT dp.id, e.id AS employee_id, dp.work_schedule_code, dp.rule_type, dp.explanation_number,
       dp.refund_hours_per_explanation, dp.explanation_time_per_days, dp.lack_of_time_allowed, dp.ot_type,
       dp.url_policy, lower(part)::date AS apply_date, (upper(part) - 1)::date AS expire_date,
       NULL::time AS work_start_time, NULL::time AS work_end_time, NULL::varchar(30) AS is_from,
       'department'::varchar(10) AS source, dp.self_check_in_mode, dp.self_check_in_place_ids
  FROM department_policies dp
  JOIN employees e ON e.department_id = dp.department_id
  CROSS JOIN LATERAL unnest(
         datemultirange(daterange(dp.apply_date, dp.expire_date, '[]'))
         - coalesce((SELECT range_agg(daterange(s.apply_date, s.expire_date, '[]'))
                       FROM staff_policies s WHERE s.employee_id = e.id), '{}'::datemultirange)
       ) AS part;
