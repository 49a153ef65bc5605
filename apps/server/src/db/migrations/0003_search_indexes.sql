CREATE INDEX "employees_name_trgm_idx" ON "employees" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_user_name_trgm_idx" ON "employees" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_sf4c_id_trgm_idx" ON "employees" USING gin ("sf4c_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin ("project_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_code_trgm_idx" ON "projects" USING gin ("project_code" gin_trgm_ops);