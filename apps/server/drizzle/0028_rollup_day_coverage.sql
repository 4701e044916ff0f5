ALTER TABLE "site_daily_rollups" ADD COLUMN "coverage" text DEFAULT 'records' NOT NULL;--> statement-breakpoint
-- Interval counts' days were rolled up as vehicle records (first and last day partial): their
-- sites' rollups are rebuilt with each day's coverage by the queue's refresh_site_rollups task.
INSERT INTO "tasks" ("organisation_id", "function_name", "payload")
SELECT DISTINCT "sites"."owner_organisation_id", 'refresh_site_rollups', jsonb_build_object('siteId', "sites"."id")
FROM "sites" JOIN "traffic_data_files" ON "traffic_data_files"."site_id" = "sites"."id"
WHERE "sites"."deleted_at" IS NULL
  AND "traffic_data_files"."logs"->>'data_kind' = 'intervals'
  AND "traffic_data_files"."review_status" IN ('PDC', 'NRE', 'ACC');
