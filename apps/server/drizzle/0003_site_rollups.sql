CREATE TABLE "site_daily_rollups" (
	"site_id" uuid NOT NULL,
	"day" text NOT NULL,
	"direction" integer NOT NULL,
	"vehicles" integer NOT NULL,
	"speed_sum_mps" double precision NOT NULL,
	"speed_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_daily_rollups" ADD CONSTRAINT "site_daily_rollups_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_daily_rollups_key" ON "site_daily_rollups" USING btree ("site_id","day","direction");