CREATE TABLE "subscription_prices" (
	"level" text PRIMARY KEY NOT NULL,
	"monthly_fee_pence" integer NOT NULL,
	"per_active_user_pence" integer NOT NULL,
	"per_survey_site_pence" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "subscription_prices" ADD CONSTRAINT "subscription_prices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The starting price list: the prices bills were made at before staff could change them.
INSERT INTO "subscription_prices" ("level", "monthly_fee_pence", "per_active_user_pence", "per_survey_site_pence") VALUES
  ('basic', 15000, 1200, 400),
  ('standard', 40000, 1000, 300),
  ('enterprise', 100000, 800, 200);
