CREATE TABLE "speed_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"effective_from" text DEFAULT '1970-01-01' NOT NULL,
	"limit_mps" double precision NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_daily_rollups" ADD COLUMN "speed_histogram" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "site_daily_rollups" ADD COLUMN "class_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "speed_limits" ADD CONSTRAINT "speed_limits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "speed_limits_site_from" ON "speed_limits" USING btree ("site_id","effective_from");