CREATE TABLE "site_group_members" (
	"group_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "site_group_members_group_id_site_id_pk" PRIMARY KEY("group_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "site_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_group_members" ADD CONSTRAINT "site_group_members_group_id_site_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."site_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_group_members" ADD CONSTRAINT "site_group_members_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_groups" ADD CONSTRAINT "site_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_group_members_site_idx" ON "site_group_members" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_groups_org_name_unique" ON "site_groups" USING btree ("organisation_id",lower("name"));