ALTER TABLE "users" ADD COLUMN "language" varchar(2);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "text_key" varchar(60);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "text_params" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_ck" CHECK ("users"."language" in ('en', 'vi'));