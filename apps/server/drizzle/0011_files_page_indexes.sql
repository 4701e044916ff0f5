DROP INDEX "files_name_trgm_idx";--> statement-breakpoint
DROP INDEX "files_org_name_idx";--> statement-breakpoint
DROP INDEX "files_org_start_idx";--> statement-breakpoint
DROP INDEX "files_org_end_idx";--> statement-breakpoint
DROP INDEX "files_org_status_idx";--> statement-breakpoint
DROP INDEX "files_org_vehicles_idx";--> statement-breakpoint
ALTER TABLE "traffic_data_files" ADD COLUMN "site_name" text;--> statement-breakpoint
ALTER TABLE "traffic_data_files" ADD COLUMN "site_deleted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_data_files" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "traffic_data_files" ADD COLUMN "saved_vehicles" bigint GENERATED ALWAYS AS ((logs->>'saved_vehicles')::bigint) STORED;--> statement-breakpoint
-- The files table's copies of the matched site's name and deletion, and the search text, follow
-- every write of a file (insert, rename, match to another site, the site's removal)...
CREATE FUNCTION "traffic_data_files_page_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "name", "deleted_at" IS NOT NULL INTO NEW."site_name", NEW."site_deleted"
    FROM "sites" WHERE "id" = NEW."site_id";
  IF NOT FOUND THEN
    NEW."site_name" := NULL;
    NEW."site_deleted" := false;
  END IF;
  -- Two lines: a search without a line break cannot match across the file and site names.
  NEW."search_text" := lower(NEW."file_name") || E'\n' || lower(coalesce(NEW."site_name", ''));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "traffic_data_files_page_fields" BEFORE INSERT OR UPDATE OF "file_name", "site_id"
  ON "traffic_data_files" FOR EACH ROW EXECUTE FUNCTION "traffic_data_files_page_fields"();
--> statement-breakpoint
-- ...and every write of the site (rename, deletion, restore), by touching its files' site_id.
CREATE FUNCTION "sites_files_page_fields"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "traffic_data_files" SET "site_id" = "site_id" WHERE "site_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sites_files_page_fields" AFTER UPDATE OF "name", "deleted_at" ON "sites"
  FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name"
    OR (OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "sites_files_page_fields"();
--> statement-breakpoint
UPDATE "traffic_data_files" SET "site_id" = "site_id";--> statement-breakpoint
CREATE INDEX "files_page_uploaded_idx" ON "traffic_data_files" USING btree ("organisation_id","created_on","id","review_status") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_uploaded_asc_idx" ON "traffic_data_files" USING btree ("organisation_id","created_on","id" DESC NULLS FIRST,"review_status") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_name_idx" ON "traffic_data_files" USING btree ("organisation_id","file_name","id","review_status") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_name_asc_idx" ON "traffic_data_files" USING btree ("organisation_id","file_name","id" DESC NULLS FIRST,"review_status") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_start_idx" ON "traffic_data_files" USING btree ("organisation_id","start_data_datetime","id","review_status") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_start_asc_idx" ON "traffic_data_files" USING btree ("organisation_id","start_data_datetime","id" DESC NULLS FIRST,"review_status") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_end_idx" ON "traffic_data_files" USING btree ("organisation_id","end_data_datetime","id","review_status") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_end_asc_idx" ON "traffic_data_files" USING btree ("organisation_id","end_data_datetime","id" DESC NULLS FIRST,"review_status") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_status_idx" ON "traffic_data_files" USING btree ("organisation_id","review_status","id") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_status_asc_idx" ON "traffic_data_files" USING btree ("organisation_id","review_status","id" DESC NULLS FIRST) WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_site_idx" ON "traffic_data_files" USING btree ("organisation_id","site_name","id","review_status") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_site_asc_idx" ON "traffic_data_files" USING btree ("organisation_id","site_name","id" DESC NULLS FIRST,"review_status") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_vehicles_idx" ON "traffic_data_files" USING btree ("organisation_id","saved_vehicles","id","review_status") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_vehicles_asc_idx" ON "traffic_data_files" USING btree ("organisation_id","saved_vehicles","id" DESC NULLS FIRST,"review_status") WHERE not "traffic_data_files"."site_deleted";--> statement-breakpoint
CREATE INDEX "files_page_search_idx" ON "traffic_data_files" USING gin ("search_text" gin_trgm_ops) WHERE not "traffic_data_files"."site_deleted";
