CREATE TABLE "factor_groups" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"basis" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "factor_groups" ADD CONSTRAINT "factor_groups_group_id_site_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."site_groups"("id") ON DELETE cascade ON UPDATE no action;