DROP INDEX "requests_created_idx";--> statement-breakpoint
CREATE INDEX "requests_created_id_idx" ON "requests" USING btree ("created_at","id","status","start_date");