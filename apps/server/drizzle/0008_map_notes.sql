CREATE TABLE "map_note_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "map_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"group_id" uuid,
	"site_id" uuid,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"text" text NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "map_note_groups" ADD CONSTRAINT "map_note_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_notes" ADD CONSTRAINT "map_notes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_notes" ADD CONSTRAINT "map_notes_group_id_map_note_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."map_note_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_notes" ADD CONSTRAINT "map_notes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "map_notes" ADD CONSTRAINT "map_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "map_note_groups_name_unique" ON "map_note_groups" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "map_notes_organisation_idx" ON "map_notes" USING btree ("organisation_id");