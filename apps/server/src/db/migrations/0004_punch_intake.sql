ALTER TABLE "device_keys" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "device_keys" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_keys" ADD COLUMN "deactivated_at" timestamp with time zone;