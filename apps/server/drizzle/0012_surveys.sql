CREATE TABLE "survey_sites" (
	"survey_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "survey_sites_survey_id_site_id_pk" PRIMARY KEY("survey_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scheduled_start" text NOT NULL,
	"scheduled_end" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"completed_on" timestamp with time zone,
	"counter_model" text,
	"sensor_spacing_m" double precision,
	"assignee_user_id" uuid,
	"contractor_name" text,
	"contractor_email" text,
	"notes" text,
	"site_list_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"deleted_at" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_sites" ADD CONSTRAINT "survey_sites_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_sites" ADD CONSTRAINT "survey_sites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_sites_site_idx" ON "survey_sites" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "surveys_org_status_idx" ON "surveys" USING btree ("organisation_id","status","scheduled_start");--> statement-breakpoint
CREATE INDEX "surveys_name_trgm_idx" ON "surveys" USING gin ("name" gin_trgm_ops);