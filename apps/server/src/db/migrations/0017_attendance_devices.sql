CREATE TABLE "attendance_device_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"command" text NOT NULL,
	"status" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"return_code" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "attendance_device_days" (
	"device_id" integer NOT NULL,
	"day" date NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"stored" integer DEFAULT 0 NOT NULL,
	"duplicate" integer DEFAULT 0 NOT NULL,
	"unmapped" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attendance_device_days_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "attendance_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" varchar(64) NOT NULL,
	"name" varchar(100),
	"system" varchar(30) NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"attlog_stamp" varchar(32),
	"operlog_stamp" varchar(32),
	"last_contact_at" timestamp with time zone,
	"last_push_at" timestamp with time zone,
	"device_info" text,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_devices_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
ALTER TABLE "attendance_device_commands" ADD CONSTRAINT "attendance_device_commands_device_id_attendance_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."attendance_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_device_commands" ADD CONSTRAINT "attendance_device_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_device_days" ADD CONSTRAINT "attendance_device_days_device_id_attendance_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."attendance_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_devices" ADD CONSTRAINT "attendance_devices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_device_commands_device_idx" ON "attendance_device_commands" USING btree ("device_id","status","id");