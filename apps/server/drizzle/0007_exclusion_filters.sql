CREATE TABLE "vehicle_exclusion_filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"created_by" uuid,
	"name" text NOT NULL,
	"description" text,
	"min_speed_mps" double precision,
	"max_speed_mps" double precision,
	"headway_greater_than_s" double precision,
	"classes" integer[],
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_exclusion_filters" ADD CONSTRAINT "vehicle_exclusion_filters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_exclusion_filters" ADD CONSTRAINT "vehicle_exclusion_filters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_exclusion_filters_org_name" ON "vehicle_exclusion_filters" USING btree ("organisation_id",lower("name"));