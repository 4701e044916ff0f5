ALTER TABLE "sites" ADD COLUMN "rollups_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Sites that already have daily rollups get a version, so the map packs their series on first use.
UPDATE "sites" SET "rollups_version" = 1 WHERE EXISTS (SELECT 1 FROM "site_daily_rollups" r WHERE r."site_id" = "sites"."id");
