ALTER TABLE "holidays" ADD COLUMN "name_vi" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "holidays" ADD COLUMN "kind" varchar(20) DEFAULT 'PUBLIC' NOT NULL;--> statement-breakpoint
ALTER TABLE "holidays" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "holidays" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- HAND-WRITTEN DATA MIGRATION (issue 27 §1): holidays stored before this migration had one name; it stands for both
-- languages until HR edits it.
UPDATE "holidays" SET "name_vi" = "name" WHERE "name_vi" = '';
