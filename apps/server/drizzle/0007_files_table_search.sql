-- Trigram indexes let the files table search names with ILIKE '%...%' without scanning every file.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "sites_name_trgm_idx" ON "sites" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_name_trgm_idx" ON "traffic_data_files" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_org_name_idx" ON "traffic_data_files" USING btree ("organisation_id","file_name");--> statement-breakpoint
CREATE INDEX "files_org_start_idx" ON "traffic_data_files" USING btree ("organisation_id","start_data_datetime");--> statement-breakpoint
CREATE INDEX "files_org_end_idx" ON "traffic_data_files" USING btree ("organisation_id","end_data_datetime");--> statement-breakpoint
CREATE INDEX "files_org_status_idx" ON "traffic_data_files" USING btree ("organisation_id","review_status");--> statement-breakpoint
CREATE INDEX "files_org_vehicles_idx" ON "traffic_data_files" USING btree ("organisation_id",(("logs"->>'saved_vehicles')::bigint));