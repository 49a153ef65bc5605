CREATE TABLE "recalc_queue" (
	"kind" varchar(12) NOT NULL,
	"subject_id" integer NOT NULL,
	"from_date" date,
	"to_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"created_by" integer,
	"claimed_by" varchar(100),
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "recalc_queue_kind_subject_id_pk" PRIMARY KEY("kind","subject_id")
);
--> statement-breakpoint
CREATE INDEX "recalc_queue_queued_idx" ON "recalc_queue" USING btree ("queued_at");