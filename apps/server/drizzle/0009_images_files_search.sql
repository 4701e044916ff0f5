-- Trigram indexes let the files table search names with ILIKE '%...%' without scanning every file.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"s3_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "images_org_name_idx" ON "images" USING btree ("organisation_id",lower("file_name"));--> statement-breakpoint
CREATE INDEX "sites_name_trgm_idx" ON "sites" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_name_trgm_idx" ON "traffic_data_files" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_org_name_idx" ON "traffic_data_files" USING btree ("organisation_id","file_name");--> statement-breakpoint
CREATE INDEX "files_org_start_idx" ON "traffic_data_files" USING btree ("organisation_id","start_data_datetime");--> statement-breakpoint
CREATE INDEX "files_org_end_idx" ON "traffic_data_files" USING btree ("organisation_id","end_data_datetime");--> statement-breakpoint
CREATE INDEX "files_org_status_idx" ON "traffic_data_files" USING btree ("organisation_id","review_status");--> statement-breakpoint
CREATE INDEX "files_org_vehicles_idx" ON "traffic_data_files" USING btree ("organisation_id",(("logs"->>'saved_vehicles')::bigint));