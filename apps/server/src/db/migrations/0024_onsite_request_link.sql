ALTER TABLE "requests" ADD COLUMN "onsite_request_id" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_onsite_request_id_onsite_requests_id_fk" FOREIGN KEY ("onsite_request_id") REFERENCES "public"."onsite_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_onsite_idx" ON "requests" USING btree ("onsite_request_id");--> statement-breakpoint
-- Issue 26 #8: one onsite record per onsite request. The staff rows Request Management lists point at their onsite
-- record. 1) The credits an approved onsite record wrote already are linked through onsite_request_staff.
UPDATE "requests" r SET "onsite_request_id" = s."onsite_request_id"
  FROM "onsite_request_staff" s
 WHERE s."request_id" = r."id" AND r."onsite_request_id" IS NULL;--> statement-breakpoint
-- 2) An ONSITE request filed from Create Request had no onsite record: it gets one, with its dates, type (from its
-- shifts; hourly = Other), project, creator, approver and status (pending: both stages pending; approved: both
-- approved by its approver; rejected: rejected at the Department stage; withdrawn: withdrawn), and its staff member.
CREATE TEMPORARY TABLE "onsite_link_0023" AS
SELECT r."id" AS "request_id", nextval(pg_get_serial_sequence('onsite_requests', 'id'))::int AS "onsite_id"
  FROM "requests" r
 WHERE r."request_type" = 'ONSITE' AND NOT r."is_explanation" AND r."onsite_request_id" IS NULL AND r."project_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "onsite_requests" ("id", "title", "project_id", "from_date", "to_date", "onsite_type", "description", "status",
       "status_department", "status_cb", "approver_user_id", "department_decided_by", "department_decided_at", "cb_decided_by",
       "cb_decided_at", "reasons_for_rejection", "withdraw_reason", "created_by_user_id", "created_at", "updated_at")
SELECT l."onsite_id",
       left(coalesce(nullif(btrim(r."description"), ''), 'Onsite'), 250),
       r."project_id", r."start_date", r."end_date",
       CASE WHEN r."start_shift" IS NULL THEN 'OTHER'
            WHEN r."start_date" = r."end_date" AND r."start_shift" = 'MORNING' AND r."end_shift" = 'MORNING' THEN 'MORNING'
            WHEN r."start_date" = r."end_date" AND r."start_shift" = 'AFTERNOON' AND r."end_shift" = 'AFTERNOON' THEN 'AFTERNOON'
            ELSE 'FULL_DAY' END,
       r."description",
       r."status",
       CASE r."status" WHEN 3 THEN 3 WHEN 4 THEN 4 ELSE 1 END,
       CASE r."status" WHEN 3 THEN 3 ELSE 1 END,
       r."assignee_user_id",
       CASE WHEN r."status" IN (3, 4) THEN coalesce(r."approved_by_user_id", r."assignee_user_id") END,
       CASE WHEN r."status" IN (3, 4) THEN r."updated_at" END,
       CASE WHEN r."status" = 3 THEN coalesce(r."approved_by_user_id", r."assignee_user_id") END,
       CASE WHEN r."status" = 3 THEN r."updated_at" END,
       r."reasons_for_rejection", r."withdraw_reason", r."created_by_user_id", r."created_at", r."updated_at"
  FROM "onsite_link_0023" l JOIN "requests" r ON r."id" = l."request_id";--> statement-breakpoint
INSERT INTO "onsite_request_staff" ("onsite_request_id", "employee_id", "start_time", "end_time", "duration", "request_id")
SELECT l."onsite_id", r."employee_id",
       coalesce((SELECT min(d."start_time")::time FROM "request_dates" d WHERE d."request_id" = r."id"),
                CASE WHEN r."start_shift" = 'AFTERNOON' AND r."start_date" = r."end_date" THEN '13:00'::time ELSE '08:30'::time END),
       coalesce((SELECT max(d."end_time")::time FROM "request_dates" d WHERE d."request_id" = r."id"),
                CASE WHEN r."end_shift" = 'MORNING' AND r."start_date" = r."end_date" THEN '12:00'::time ELSE '17:30'::time END),
       CASE WHEN r."start_shift" IS NULL
            THEN least(24, greatest(0.5, round(r."quantity_in_minutes" / 60.0 / greatest(1, (SELECT count(*) FROM "request_dates" d WHERE d."request_id" = r."id")), 2)))
            ELSE 8 END,
       r."id"
  FROM "onsite_link_0023" l JOIN "requests" r ON r."id" = l."request_id";--> statement-breakpoint
-- The row's status is now the record's, and its terms are edited on Onsite Management (the credits' created_by_role).
UPDATE "requests" r SET "onsite_request_id" = l."onsite_id", "created_by_role" = 'ONSITE' FROM "onsite_link_0023" l WHERE r."id" = l."request_id";--> statement-breakpoint
DROP TABLE "onsite_link_0023";
